import type { SessionInfo } from '@console/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { batch, counts } from '@/test/batch-fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { BatchesPage } from './batches-page';

const fetchMock = vi.fn<typeof fetch>();
let me: SessionInfo;
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/session'
      ? jsonResponse(200, me)
      : String(input) === '/api/batches'
        ? jsonResponse(200, {
            items: [
              batch({ state: 'sending', counts: counts({ succeeded: 2, waiting: 1 }) }),
              batch({ id: 'b-2', file_name: 'sweep.csv', state: 'rejected' }),
            ],
          })
        : jsonResponse(404, { title: 'Not found', status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const as = (role: SessionInfo['operator']['role']): SessionInfo => ({
  operator: { username: 'x', display_name: 'X', role },
  operations: [],
  expires_at: '2026-11-27T12:00:00Z',
  ends_at: '2026-11-27T18:00:00Z',
});

/** The page once the operator's session is known (the app's frame waits for it too). */
async function renderAs(role: SessionInfo['operator']['role']) {
  me = as(role);
  const view = renderWithProviders(<BatchesPage />, '/batches');
  await act(async () => {
    view.client.setQueryData(SESSION_KEY, me);
  });
  return view;
}

describe('the batches', () => {
  it('lists the newest batches with their state and progress, each linked to its page', async () => {
    await renderAs('auditor');
    const table = await screen.findByRole('table', { name: 'Batches' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sending');
    expect(rows[1]).toHaveTextContent('2 of 3 sent');
    expect(within(rows[2]!).getByRole('link', { name: 'sweep.csv' })).toHaveAttribute(
      'href',
      '/batches/b-2',
    );
    expect(rows[2]).toHaveTextContent('Rejected: nothing sent');
  });

  it('offers a new batch to a money role, opened in place with its heading focused, and not to an auditor or a viewer', async () => {
    const { user, unmount } = await renderAs('finance');
    await user.click(await screen.findByRole('button', { name: 'New batch' }));
    const heading = await screen.findByRole('heading', { name: 'New batch' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('form', { name: 'New batch' })).toBeInTheDocument();
    unmount();

    for (const reader of ['auditor', 'viewer'] as const) {
      const { unmount: close } = await renderAs(reader);
      await screen.findByRole('table', { name: 'Batches' });
      expect(screen.queryByRole('button', { name: 'New batch' })).not.toBeInTheDocument();
      close();
    }
  });

  it('tells a support operator the page is not theirs', async () => {
    await renderAs('support');
    expect(
      screen.getByText('Batches are for finance, admins, auditors and viewers.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Batches' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/batches');
  });
});
