import { fillPath, operations, type Market } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { readService, readServiceDated } from './api';

/*
 * Public market data (appendix B, operations 40–42) as pages show it. The BFF reads it once per
 * deployment about once a second and answers every operator from that copy, saying when it was
 * fetched (`fetchedAt`); a page polls it in the background (never keeping an idle session alive),
 * and shows how old it is. Query keys stay under `svc` with the other reads.
 */

/** While a price is on screen; the BFF's shared copy is as fresh as this (`MARKET_DATA_DEFAULTS`). */
const PRICE_POLL_MS = 2_000;

/** Every market with its order bounds; these change rarely. */
export function useMarkets() {
  const query = useQuery({
    queryKey: ['svc', 'markets'],
    queryFn: () => readService(operations.listMarkets.path, {}, operations.listMarkets.response),
    staleTime: 5 * 60_000,
  });
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
