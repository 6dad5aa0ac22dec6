import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { readWholeList, useServiceList } from './use-service-list';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The BFF's answer to a read: the service's page under `data`. */
const page = (items: unknown[], next?: string) =>
  jsonResponse(200, { data: { items, ...(next ? { next_page_cursor: next } : {}) } });
const order = (id: string, side: 'BUY' | 'SELL') => ({
  id,
  side,
  status: 'OPEN',
  market: 'BTCUSD',
  type: 'LIMIT',
});
const asked = () => fetchMock.mock.calls.map(([url]) => String(url));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useServiceList', () => {
  it('reads the registry’s path with the filters given, empty ones left out, a page at a time', async () => {
    fetchMock.mockResolvedValue(page([order('o-1', 'BUY')]));
    const { result } = renderHook(
      () => useServiceList('listOrders', { status: 'OPEN', market: undefined, profile_id: '' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(asked()).toEqual(['/api/svc/v2/orders?status=OPEN&limit=50']);
    expect(result.current.hasNextPage).toBe(false);
  });

  it('asks for the next page with the last page’s cursor, and keeps only the rows the console filters', async () => {
    fetchMock
      .mockResolvedValueOnce(page([order('o-1', 'BUY'), order('o-2', 'SELL')], 'c-2'))
      .mockResolvedValueOnce(page([order('o-3', 'SELL')]));
    const { result } = renderHook(
      () => useServiceList('listOrders', {}, { pageSize: 2, keep: (o) => o.side === 'SELL' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false));
    expect(asked()).toEqual([
      '/api/svc/v2/orders?limit=2',
      '/api/svc/v2/orders?limit=2&page_cursor=c-2',
    ]);
    const ids = result.current.data?.pages.flatMap((p) => p.items.map((o) => o.id));
    expect(ids).toEqual(['o-2', 'o-3']);
  });
});

describe('readWholeList', () => {
  it('walks a list to its last page, at the read’s largest page', async () => {
    const profile = (id: string) => ({ id, nickname: id, type: 'INDIVIDUAL' });
    fetchMock
      .mockResolvedValueOnce(page([profile('p-1')], 'c-2'))
      .mockResolvedValueOnce(page([profile('p-2')]));
    const all = await readWholeList('listProfiles');
    expect(all.map((p) => p.id)).toEqual(['p-1', 'p-2']);
    expect(asked()).toEqual([
      '/api/svc/v2/profiles?limit=1000',
      '/api/svc/v2/profiles?limit=1000&page_cursor=c-2',
    ]);
  });
});
