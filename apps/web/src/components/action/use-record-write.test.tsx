import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { journalEntry } from '@/test/fixtures';
import { useRecordWrite } from './use-record-write';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    jsonResponse(200, { data: {}, journal: journalEntry() }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useRecordWrite', () => {
  it('sends once when asked twice before the first answer: no double cancel or delete', async () => {
    const onOutcome = vi.fn();
    const { result } = renderHook(() => useRecordWrite('cancelOrder', onOutcome), { wrapper });
    act(() => {
      result.current.send({ profile_id: 'p-1', id: 'o-1' });
      result.current.send({ profile_id: 'p-1', id: 'o-1' });
    });
    await waitFor(() => expect(onOutcome).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    // Once the answer is in, the next send goes out.
    act(() => result.current.send({ profile_id: 'p-1', id: 'o-2' }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledTimes(2));
  });
});
