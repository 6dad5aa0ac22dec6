import { screen, waitFor } from '@testing-library/react';
import type { SessionInfo } from '@console/schemas';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/test/render';
import FiatAccountPage from './get-fiat-account-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const ID = 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701';
const me: SessionInfo = {
  operator: { username: 'sam', display_name: 'Sam', role: 'support' },
  operations: [],
  expires_at: '2026-01-01T10:15:00Z',
  ends_at: '2026-01-01T18:00:00Z',
};

describe('FiatAccountPage', () => {
  it('follows an account under review in the background: its reads never keep an idle session alive', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, {
        data: { id: ID, status: 'PENDING', fiat_account_type: 'WIRE' },
      }),
    );
    const { client } = renderWithProviders(
      <Routes>
        <Route path="/fiat-accounts/:id" element={<FiatAccountPage />} />
      </Routes>,
      `/fiat-accounts/${ID}`,
    );
    client.setQueryData(SESSION_KEY, me);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const reads = fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith(`/api/svc/v2/transfer/fiat-accounts/${ID}`),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const [, init] of reads) {
      expect((init!.headers as Record<string, string>)['X-Console-Background']).toBe('1');
    }
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
