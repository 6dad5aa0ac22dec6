import { operations, type AllowedDestination } from '@console/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { journalEntry } from '@/test/fixtures';
import { jsonResponse, renderWithProviders, withReviewReads } from '@/test/render';
import { OperationForm } from '../operation-form';
import { Field } from './field';
import { TextField } from './text-field';

const HOUR = 3_600_000;
const PROFILES_PATH = `/api/svc${operations.listProfiles.path}`;

/** Profile ids as the schema takes them (UUIDs), named for what the book says of each. */
const IDS = {
  active: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  cooling: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e02',
  pending: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e03',
  revoked: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e04',
  stranger: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e05',
};
const NICKNAMES: Record<keyof typeof IDS, string> = {
  active: 'Acme payroll',
  cooling: 'Beta supplier',
  pending: 'Gamma partner',
  revoked: 'Delta closed',
  stranger: 'Epsilon new',
};

const usableFrom = new Date(Date.now() + 2 * HOUR).toISOString();

function entry(
  which: keyof typeof IDS,
  state: AllowedDestination['state'],
  more: Partial<AllowedDestination> = {},
): AllowedDestination {
  return {
    id: `e-${which}`,
    target: { kind: 'counterparty-profile', profile_id: IDS[which] },
    name: `${NICKNAMES[which]} (book)`,
    reason: 'Supplier',
    state,
    usable_from: state === 'ACTIVE' ? new Date(Date.now() - HOUR).toISOString() : null,
    added_by: 'fiona',
    added_by_name: 'Fiona',
    proposed_at: '2026-11-25T10:00:00Z',
    proposal_id: `j-${which}`,
    approved_by: [],
    approved_at: null,
    revoked: null,
    ...more,
  };
}

let book: AllowedDestination[] = [];
const sends: { url: string; body: unknown }[] = [];
beforeEach(() => {
  book = [
    entry('revoked', 'REVOKED'),
    entry('pending', 'PENDING_APPROVAL'),
    entry('cooling', 'COOLING_OFF', { usable_from: usableFrom }),
    entry('active', 'ACTIVE', { sent_before: false }),
  ];
  sends.length = 0;
  const rest = withReviewReads(async (input, init) => {
    if (init?.method === 'POST') {
      sends.push({ url: String(input), body: JSON.parse(String(init.body)) });
      // The proposal is in the book from now on, awaiting approval.
      book = [...book, entry('stranger', 'PENDING_APPROVAL')];
    }
    return jsonResponse(202, {
      journal: journalEntry({
        id: 'j-new',
        operation: 'addAllowedDestination',
        state: 'AWAITING_APPROVAL',
      }),
      approval: {
        required: true,
        approvers_needed: 1,
        eligible_roles: ['finance', 'admin'],
        expires_at: '2030-01-01T00:00:00Z',
      },
    });
  });
  vi.stubGlobal('fetch', (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/destinations/rule')) {
      return Promise.resolve(jsonResponse(200, { required: true, test_amount: '0.001' }));
    }
    if (url === '/api/destinations' && init?.method !== 'POST') {
      return Promise.resolve(jsonResponse(200, { items: book }));
    }
    if (url === '/api/session') {
      return Promise.resolve(
        jsonResponse(200, {
          operator: { username: 'fin', display_name: 'Fin', role: 'finance' },
          operations: ['createSvcTransfer'],
          expires_at: '2030-01-01T00:00:00Z',
          ends_at: '2030-01-01T00:00:00Z',
        }),
      );
    }
    if (url.startsWith(PROFILES_PATH)) {
      return Promise.resolve(
        jsonResponse(200, {
          data: {
            items: Object.entries(IDS).map(([k, id]) => ({
              id,
              nickname: NICKNAMES[k as keyof typeof IDS],
              type: 'STANDARD',
            })),
          },
        }),
      );
    }
    return rest(input, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

function SvcFields() {
  return (
    <>
      <TextField name="from_profile_id" />
      <Field name="to_profile_id" />
      <TextField name="asset" />
      <Field name="amount" />
    </>
  );
}

async function openPicker() {
  const view = renderWithProviders(
    <OperationForm
      operationId="createSvcTransfer"
      Fields={SvcFields}
      initialInput={{ asset: 'ETH' }}
    />,
  );
  const picker = screen.getByRole('combobox', { name: 'To profile' });
  await waitFor(() =>
    expect(picker).not.toHaveAttribute('placeholder', expect.stringMatching(/Loading/)),
  );
  // The book arrives after the profiles: wait until the picker knows the active entry.
  await view.user.click(picker);
  await waitFor(() =>
    expect(screen.getByRole('option', { name: /Acme payroll/ })).toHaveTextContent('In the book'),
  );
  return { ...view, picker };
}

describe('a recipient picked from the book of allowed destinations', () => {
  it('offers active entries first, then cooling off (greyed, with its time), not in the book, awaiting approval, revoked', async () => {
    await openPicker();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent?.split('Not for')[0]?.split(' ')[0])).toEqual([
      'Acme',
      'Beta',
      'Epsilon',
      'Gamma',
      'Delta',
    ]);
    const cooling = screen.getByRole('option', { name: /Beta supplier/ });
    expect(cooling).toHaveAttribute('data-combobox-disabled', 'true');
    expect(cooling).toHaveTextContent(/cooling off .* usable from \d{4}-\d\d-\d\d \d\d:\d\d/);
    for (const name of [/Gamma partner/, /Delta closed/]) {
      expect(screen.getByRole('option', { name })).toHaveAttribute(
        'data-combobox-disabled',
        'true',
      );
    }
    for (const name of [/Acme payroll/, /Epsilon new/]) {
      expect(screen.getByRole('option', { name })).not.toHaveAttribute('data-combobox-disabled');
    }
  });

  it('suggests a test amount for the first send to an active entry, and changes the amount only when asked', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('option', { name: /Acme payroll/ }));
    const hint = await screen.findByRole('status', {
      name: /First send to “Acme payroll \(book\)”/,
    });
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('');
    expect(hint).toHaveTextContent('a test amount of 0.001 ETH');
    await user.click(within(hint).getByRole('button', { name: 'Use 0.001 ETH' }));
    expect(amount).toHaveValue('0.001');
    expect(amount).toHaveFocus();
    await user.click(
      within(hint).getByRole('button', { name: 'Dismiss the test amount suggestion' }),
    );
    expect(screen.queryByRole('status', { name: /First send/ })).not.toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue('0.001');
  });

  it('suggests nothing for an entry a send reached before', async () => {
    book = book.map((e) => (e.state === 'ACTIVE' ? { ...e, sent_before: true } : e));
    const { user } = await openPicker();
    await user.click(screen.getByRole('option', { name: /Acme payroll/ }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'To profile' })).toHaveValue('Acme payroll'),
    );
    expect(screen.queryByRole('status', { name: /First send/ })).not.toBeInTheDocument();
  });

  it('a destination not in the book says so, and is added through the four-eyes proposal, prefilled, without leaving the form', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('option', { name: /Epsilon new/ }));
    expect(
      await screen.findByText(/Epsilon new is not in the book of allowed destinations/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to the book' }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog).getByRole('form', { name: 'Add to the book' });
    expect(within(form).getByLabelText('Kind')).toHaveValue('counterparty-profile');
    expect(within(form).getByLabelText(/Profile id/)).toHaveValue(IDS.stranger);
    expect(within(form).getByLabelText(/Name/)).toHaveValue('Epsilon new');
    await user.type(within(form).getByLabelText(/Reason/), 'New supplier');
    await user.click(within(form).getByRole('button', { name: 'Propose for approval' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toEqual({
      url: '/api/destinations',
      body: {
        target: { kind: 'counterparty-profile', profile_id: IDS.stranger },
        name: 'Epsilon new',
        reason: 'New supplier',
      },
    });
    expect(
      await within(dialog).findByText('Awaiting another operator’s approval'),
    ).toBeInTheDocument();
    // The book read again has the proposal: the field says it awaits approval, and the dialog
    // stays until the operator leaves it.
    expect(
      await screen.findByText(/Epsilon new cannot be sent to now: awaiting a second operator/),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the form' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The send form kept what was typed, was not sent, and has the focus back on the picker.
    const picker = screen.getByRole('combobox', { name: 'To profile' });
    expect(picker).toHaveValue('Epsilon new');
    expect(picker).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add to the book' })).not.toBeInTheDocument();
    expect(sends).toHaveLength(1);
  });
});
