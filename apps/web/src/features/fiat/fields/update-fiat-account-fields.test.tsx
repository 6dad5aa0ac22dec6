import { DEMO_IDS } from '@console/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationForm } from '@/components/form';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { UpdateFiatAccountFields } from './update-fiat-account-fields';

const id = DEMO_IDS.fiatAccounts.acme;
const account = {
  id,
  status: 'APPROVED',
  created_at: '2026-11-01T00:00:00Z',
  fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
  fiat_network_instructions: {
    wire: {
      account_number: '400123456789',
      fiat_account_owner_address: { country: 'US', city: 'New York' },
      routing_details: { routing_number_type: 'ABA', bank_name: 'First Demo Bank' },
    },
  },
  metadata: { seeded: 'true' },
};
const listed = { ...account, fiat_account_owner: undefined };

const fetchMock = vi.fn<typeof fetch>();
let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    // The review asks what sending would do: at once, here.
    if (url.endsWith('/preview')) {
      return jsonResponse(200, {
        approval: null,
        refusal: null,
        destination: null,
        limits: [],
        policy_version: null,
      });
    }
    if (init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(200, {
        data: { ...account, status: 'PENDING' },
        journal: { id: 'j-1', state: 'SUCCEEDED', created_at: '2026-11-22T02:00:00Z' },
      });
    }
    if (url === '/api/session') {
      return jsonResponse(200, {
        operator: { username: 'sam', display_name: 'Sam Support', role: 'support' },
        operations: ['updateFiatAccount'],
        expires_at: '2026-11-22T03:00:00Z',
        ends_at: '2026-11-22T10:00:00Z',
      });
    }
    if (url.startsWith('/api/svc/v2/transfer/fiat-accounts?')) {
      return jsonResponse(200, { data: { items: [listed] } });
    }
    if (url === `/api/svc/v2/transfer/fiat-accounts/${id}`) {
      return jsonResponse(200, { data: account });
    }
    return jsonResponse(404, { title: 'Not found', status: 404, detail: url });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  return renderWithProviders(
    <OperationForm operationId="updateFiatAccount" Fields={UpdateFiatAccountFields} />,
    `/?id=${id}`,
  );
}

describe('Update fiat account, opened on the current values', () => {
  it('fills the form with what the service holds and sends only what changed', async () => {
    const { user } = renderForm();
    const last = await screen.findByLabelText('Last name');
    expect(last).toHaveValue('Corporation');
    expect(screen.getByLabelText('Account number')).toHaveValue('400123456789');

    await user.clear(last);
    await user.type(last, 'Lovelace');
    // Emptied: the service ignores an empty value, so the review says it is kept.
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Review and send' }));

    const dialog = await screen.findByRole('dialog');
    const changes = within(dialog).getByRole('table', { name: 'What changes' });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Account owner › Person details › Last nameCorporationLovelace',
    ]);
    expect(within(dialog).getByText(/Emptied, but kept/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Account owner › Person details › First name \(Acme\)/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      id,
      fiat_account_owner: { person_details: { last_name: 'Lovelace' } },
    });
  });

  it('sends metadata whole when one pair changed', async () => {
    const { user } = renderForm();
    await screen.findByLabelText('Last name');
    const value = screen.getByDisplayValue('true');
    await user.clear(value);
    await user.type(value, 'false');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ id, metadata: { seeded: 'false' } });
  });

  it('says nothing is changed yet instead of sending the account back as it is', async () => {
    const { user } = renderForm();
    await screen.findByLabelText('Last name');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByText(/Nothing is changed yet/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
