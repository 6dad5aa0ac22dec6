import { screen, waitFor, within } from '@testing-library/react';
import type { SessionInfo, SessionList } from '@console/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { SessionsPage } from './sessions-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const me: SessionInfo = {
  operator: { username: 'ada', display_name: 'Ada', role: 'finance' },
  operations: [],
  expires_at: '2026-01-01T10:15:00Z',
  ends_at: '2026-01-01T18:00:00Z',
};

const session = (id: string, current: boolean) => ({
  id,
  username: 'ada',
  created_at: '2026-01-01T09:00:00Z',
  last_seen_at: '2026-01-01T10:00:00Z',
  expires_at: '2026-01-01T10:15:00Z',
  client_address: '10.0.0.7',
  user_agent: 'Mozilla/5.0 Chrome/130.0.0.0 Safari/537.36',
  current,
});

describe('SessionsPage', () => {
  it('lists the operator’s sessions and ends another one with a CSRF-marked DELETE', async () => {
    const list: SessionList = {
      items: [
        session('11111111-1111-4111-8111-111111111111', true),
        session('22222222-2222-4222-8222-222222222222', false),
      ],
    };
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse(200, String(input) === '/api/sessions' ? list : me);
    });
    const { user, client } = renderWithProviders(<SessionsPage />);
    client.setQueryData(SESSION_KEY, me);

    const table = await screen.findByRole('table', { name: 'Live sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('this browser')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'End' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect(url).toBe('/api/sessions/22222222-2222-4222-8222-222222222222');
    expect((init!.headers as Record<string, string>)['X-CSRF']).toBe('1');
  });

  it('shows a list that drifted from the contract as an error naming what, never blanks', async () => {
    const drifted = {
      items: [{ ...session('11111111-1111-4111-8111-111111111111', true), created_at: 5 }],
    };
    fetchMock.mockImplementation(async () => jsonResponse(200, drifted));
    const { client } = renderWithProviders(<SessionsPage />);
    client.setQueryData(SESSION_KEY, me);

    const alert = await screen.findByRole('alert', { name: /unexpected shape/ });
    expect(alert).toHaveTextContent('The console server answered in an unexpected shape');
    expect(alert).toHaveTextContent('GET /api/sessions answered 200');
    expect(alert).toHaveTextContent('items.0.created_at: Invalid input: expected string');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
