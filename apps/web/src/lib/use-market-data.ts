import { fillPath, operations, type Market, type WriteOperation } from '@console/schemas';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { readService, readServiceDated } from './api';
import { sideRefusal } from './market-status';
import type { FieldRefusal } from './refusal-fields';

/*
 * Public market data (appendix B, operations 40–42) as pages show it. The BFF reads it once per
 * deployment about once a second and answers every operator from that copy, saying when it was
 * fetched (`fetchedAt`); a page polls it in the background (never keeping an idle session alive),
 * and shows how old it is. Query keys stay under `svc` with the other reads.
 */

/** While a price is on screen; the BFF's shared copy is as fresh as this (`MARKET_DATA_DEFAULTS`). */
const PRICE_POLL_MS = 2_000;

/**
 * Every market with its order bounds and its status side by side. Bounds change rarely; a side's
 * status can change within minutes (maintenance begins or ends), so the copy is a minute old at
 * most, and the order form's check before review reads it fresh.
 */
const marketsQuery = (staleTime: number) => ({
  queryKey: ['svc', 'markets'],
  queryFn: () => readService(operations.listMarkets.path, {}, operations.listMarkets.response),
  staleTime,
});

export function useMarkets() {
  const query = useQuery({ ...marketsQuery(60_000), refetchInterval: 60_000 });
  const byMarket = new Map((query.data?.markets ?? []).map((m) => [m.market, m]));
  return { ...query, byMarket };
}

/** The current price of each market asked for, with the age of the copy. */
export function usePrices(markets: readonly Market[]) {
  return useQuery({
    queryKey: ['svc', 'prices', [...markets].sort()],
    queryFn: () =>
      readServiceDated(operations.listPrices.path, { markets }, operations.listPrices.response, {
        background: true,
      }),
    enabled: markets.length > 0,
    refetchInterval: PRICE_POLL_MS,
    staleTime: 1_000,
  });
}

/** One market's ticker (best bid and ask, last execution), with the age of the copy. */
export function useTicker(market: Market | undefined) {
  return useQuery({
    queryKey: ['svc', 'ticker', market],
    queryFn: () =>
      readServiceDated(
        fillPath(operations.getTicker.path, { market: market! }),
        {},
        operations.getTicker.response,
        { background: true },
      ),
    enabled: market !== undefined,
    refetchInterval: PRICE_POLL_MS,
    staleTime: 1_000,
  });
}

/**
 * Why the service would refuse an order's time in force on its market's side (IOC and FOK on an
 * UNAVAILABLE side), beside the time in force, or undefined: the check before the review, on the
 * markets read fresh (at most 5 s old). An order whose markets cannot be read is left to the
 * service, which refuses it the same way.
 */
export async function marketRefusal(
  client: QueryClient,
  op: WriteOperation,
  input: Readonly<Record<string, unknown>>,
): Promise<FieldRefusal | undefined> {
  if (op.id !== 'createOrder') return undefined;
  try {
    const { markets } = await client.fetchQuery(marketsQuery(5_000));
    return sideRefusal(markets, input);
  } catch {
    return undefined;
  }
}
