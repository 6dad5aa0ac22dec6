import { screen, waitFor, within } from '@testing-library/react';
import type { AllowedDestination, DestinationBook, SessionInfo } from '@console/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { journalEntry } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { DestinationsPage } from './destinations-page';

const sessionOf = (role: SessionInfo['operator']['role']): SessionInfo => ({
  operator: { username: role, display_name: role, role },
  operations: [],
  expires_at: '2026-11-26T10:15:00Z',
  ends_at: '2026-11-26T18:00:00Z',
});

const entry = (
  id: string,
  name: string,
  state: AllowedDestination['state'],
  usable_from: string | null,
): AllowedDestination => ({
  id,
  target: { kind: 'crypto-address', network: 'BITCOIN', address: `bc1q${id}` },
  name,
  reason: 'Supplier',
  state,
  usable_from,
  added_by: 'fiona',
  added_by_name: 'Fiona',
  proposed_at: '2026-11-25T09:00:00Z',
  proposal_id: `j-${id}`,
  approved_by: state === 'PENDING_APPROVAL' ? [] : ['frank'],
  approved_at: state === 'PENDING_APPROVAL' ? null : '2026-11-25T10:00:00Z',
  revoked:
    state === 'REVOKED'
      ? { at: '2026-11-26T08:00:00Z', by: 'admin', by_name: 'Admin', reason: 'Fraud alert' }
      : null,
});

const book: DestinationBook = {
  items: [
    entry('a1', 'Acme wallet', 'ACTIVE', '2026-11-26T10:00:00Z'),
    entry('c1', 'Cold storage', 'COOLING_OFF', '2026-11-27T10:00:00Z'),
    entry('p1', 'New supplier', 'PENDING_APPROVAL', null),
    entry('r1', 'Old wallet', 'REVOKED', '2026-11-25T12:00:00Z'),
  ],
};

const fetchMock = vi.fn<typeof fetch>();
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) as unknown }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function answer(post: (url: string) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') return post(url);
    return jsonResponse(200, book);
  });
}

describe('DestinationsPage', () => {
  it('lists each entry with its state and when it becomes usable; an admin revokes one with a reason', async () => {
    answer(() =>
      jsonResponse(200, {
        destination: { ...book.items[1]!, state: 'REVOKED' },
        journal: journalEntry({
          id: 'j-r',
          operation: 'revokeAllowedDestination',
          state: 'SUCCEEDED',
        }),
      }),
    );
    const { user, client } = renderWithProviders(<DestinationsPage />);
    client.setQueryData(SESSION_KEY, sessionOf('admin'));

    const table = await screen.findByRole('table', { name: 'Allowed destinations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Active',
      'Cooling off',
      'Awaiting approval',
      'Revoked',
    ]);
    expect(rows[1]).toHaveTextContent('Usable from');
    expect(rows[1]).toHaveTextContent('bc1qc1 (BITCOIN)');
    expect(rows[3]).toHaveTextContent('Fraud alert');
    // Every entry but a revoked one may be revoked, cooling off or awaiting approval included.
    expect(within(rows[3]!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Revoke Cold storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the entry' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Fraud alert');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        { url: '/api/destinations/c1/revoke', body: { reason: 'Fraud alert' } },
      ]),
    );
  });

  it('offers finance no revocation, and proposes an entry that waits for a second operator', async () => {
    answer(() =>
      jsonResponse(202, {
        journal: journalEntry({
          id: 'j-new',
          operation: 'addAllowedDestination',
          state: 'AWAITING_APPROVAL',
        }),
        approval: {
          required: true,
          approvers_needed: 1,
          eligible_roles: ['finance', 'admin'],
          expires_at: '2026-11-27T09:00:00Z',
        },
      }),
    );
    const { user, client } = renderWithProviders(<DestinationsPage />);
    client.setQueryData(SESSION_KEY, sessionOf('finance'));
    const table = await screen.findByRole('table', { name: 'Allowed destinations' });
    expect(within(table).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add to the book' });
    await user.click(within(form).getByRole('button', { name: 'Propose for approval' }));
    // Nothing typed: the first field in error takes the focus, and nothing is sent.
    await waitFor(() => expect(within(form).getByLabelText(/^Address/)).toHaveFocus());
    expect(posts()).toEqual([]);

    await user.selectOptions(within(form).getByLabelText('Network'), 'ETHEREUM');
    await user.type(within(form).getByLabelText(/^Address/), '0xabc');
    await user.type(within(form).getByLabelText(/^Name/), 'Payroll wallet');
    await user.type(within(form).getByLabelText(/^Reason/), 'Monthly payroll');
    await user.click(within(form).getByRole('button', { name: 'Propose for approval' }));

    expect(await screen.findByText('Awaiting another operator’s approval')).toBeInTheDocument();
    expect(posts()).toEqual([
      {
        url: '/api/destinations',
        body: {
          target: { kind: 'crypto-address', network: 'ETHEREUM', address: '0xabc' },
          name: 'Payroll wallet',
          reason: 'Monthly payroll',
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Open the request' })).toHaveAttribute(
      'href',
      '/approvals/j-new',
    );
  });

  it('shows a viewer the book and no form to change it', async () => {
    answer(() => jsonResponse(500, {}));
    const { client } = renderWithProviders(<DestinationsPage />);
    client.setQueryData(SESSION_KEY, sessionOf('viewer'));
    await screen.findByRole('table', { name: 'Allowed destinations' });
    expect(screen.queryByRole('form', { name: 'Add to the book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
