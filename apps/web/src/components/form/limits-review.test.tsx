import { screen, waitFor, within } from '@testing-library/react';
import type { LimitCheck, LimitList, SendPreview } from '@console/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { Field } from './fields/field';
import { FormSection } from './fields/form-section';
import { TextField } from './fields/text-field';
import { OperationForm } from './operation-form';

/*
 * Limits per operator and the book of allowed destinations in the form (issue 37): what is left
 * before review, and the review saying when the send escalates or is refused, and why. The
 * verdicts are the BFF's (its preview): the browser only shows them.
 */

function TransferTestFields() {
  return (
    <FormSection group="who">
      <TextField name="from_profile_id" />
      <TextField name="to_profile_id" />
      <Field name="asset" />
      <Field name="amount" />
    </FormSection>
  );
}

const standing = {
  side: 'initiate',
  window: '24h',
  when_over: 'escalate',
  rule: 'role',
} as const;

const limits: LimitList = {
  items: [
    {
      ...standing,
      asset: 'USD',
      max: '50000',
      used: '11500',
      left: '38500',
      text: '38,500.00 of 50,000.00 USD left in the last 24 hours',
    },
    {
      ...standing,
      asset: 'BTC',
      max: '1',
      used: '0',
      left: '1',
      when_over: 'refuse',
      text: '1 of 1 BTC left in the last 24 hours',
    },
    {
      ...standing,
      side: 'approve',
      asset: 'USD',
      max: '200000',
      used: '0',
      left: '200000',
      when_over: 'refuse',
      text: '200,000.00 of 200,000.00 USD left in the last 24 hours',
    },
  ],
};

const usdCheck = (amount: string, over: boolean): LimitCheck => ({
  ...limits.items[0]!,
  amount,
  over,
});

let preview: SendPreview;
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/limits') return jsonResponse(200, limits);
    if (url.endsWith('/preview')) return jsonResponse(200, preview);
    return jsonResponse(200, { data: { items: [] } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof renderWithProviders>['user'], amount: string) {
  await user.type(screen.getByLabelText('From profile'), 'p-from');
  await user.type(screen.getByLabelText('To profile'), 'p-to');
  await user.type(screen.getByRole('combobox', { name: 'Asset' }), 'USD');
  await user.type(screen.getByLabelText('Amount'), amount);
}

const renderForm = () =>
  renderWithProviders(
    <OperationForm operationId="createInternalTransfer" Fields={TransferTestFields} />,
  );

describe('limits and the book in the form and its review', () => {
  it('shows what the operator has left of the asset they send, on what they initiate', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('combobox', { name: 'Asset' }), 'USD');
    const section = await screen.findByRole('region', { name: 'Your limits' });
    expect(section).toHaveTextContent(
      '38,500.00 of 50,000.00 USD left in the last 24 hours (past it, a send waits for one more approver)',
    );
    // Not another asset's, and not what they may approve.
    expect(section).not.toHaveTextContent('BTC');
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says in the review that the send escalates, and why, and still offers it', async () => {
    preview = {
      approval: {
        approvers_needed: 2,
        eligible_roles: ['finance', 'admin'],
        max_wait_hours: 24,
        prospect: { still_needed: 2, candidates: 3, stalled: null },
        escalation: {
          lift_roles: ['admin'],
          reason:
            'It passes the limit of 50,000.00 USD in the last 24 hours: one more approver, from admin.',
        },
      },
      refusal: null,
      destination: null,
      limits: [usdCheck('40000', true)],
      policy_version: 4,
    };
    const { user } = renderForm();
    await fill(user, '40000');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Escalates: waits for one more approver'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'It passes the limit of 50,000.00 USD in the last 24 hours: one more approver, from admin.',
    );
    expect(
      within(dialog).getByRole('list', { name: 'Your limits this send meets' }),
    ).toHaveTextContent(
      '38,500.00 of 50,000.00 USD left in the last 24 hours: this send of 40,000.00 USD passes it',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm and send' })).toBeEnabled();
    expect(dialog).toHaveTextContent('As approval policy version 4 decides it.');
  });

  it('says in the review that the send is refused, why, and when the destination is usable; Send is not offered', async () => {
    const detail =
      'The destination own profile p-to is COOLING_OFF in the book of allowed destinations: usable from 2026-11-27T09:00:00.000Z.';
    preview = {
      approval: null,
      refusal: { code: 'destination-not-allowed', detail },
      destination: {
        target: { kind: 'own-profile', profile_id: 'p-to' },
        required: true,
        state: 'COOLING_OFF',
        entry_id: 'd-1',
        name: 'Treasury',
        usable_from: '2026-11-27T09:00:00.000Z',
        allowed: false,
      },
      policy_version: null,
      limits: [usdCheck('100', false)],
    };
    const { user } = renderForm();
    await fill(user, '100');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(detail);
    expect(alert).toHaveTextContent('Usable from');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and send' });
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(confirm).toHaveAttribute('aria-describedby', alert.id);
    expect(dialog).toHaveTextContent('this send of 100.00 USD fits');
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/createInternalTransfer')),
    ).toBe(false);
  });
});

describe('a send the policy cannot satisfy, said beside the amount (issue 60, item 2)', () => {
  const stalled =
    'It needs 1 approval from finance or admin; the only one there is now is its maker.';
  it.each([
    { what: 'nobody could approve it', stalled, shown: true },
    { what: 'someone may approve it', stalled: null, shown: false },
  ])('as the amount is typed, when $what', async ({ stalled: words, shown }) => {
    preview = {
      approval: {
        approvers_needed: 1,
        eligible_roles: ['finance', 'admin'],
        max_wait_hours: 24,
        prospect: { still_needed: 1, candidates: words ? 0 : 2, stalled: words },
        escalation: null,
      },
      refusal: null,
      destination: null,
      limits: [],
      policy_version: 4,
    };
    const { user } = renderForm();
    await fill(user, '20000');
    // The same preview the review asks, with what the form holds, before any review.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/preview'))).toBe(true),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    if (shown) {
      const hint = await screen.findByTestId('amount-outlook');
      expect(hint).toHaveTextContent(`Nobody could approve this send: ${words}`);
      expect(within(hint).getByRole('link', { name: 'See the approval policy' })).toHaveAttribute(
        'href',
        '/policy',
      );
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('amount-outlook')).toBeNull();
    }
  });
});
