import Big from 'big.js';
import type { Market } from '@console/schemas';
import { multiply, sum } from '@/lib/decimal';
import { useMarkets, usePrices } from '@/lib/use-market-data';
import type { AssetTotal } from './balance-rows';

/*
 * A value in USD, at the prices every page shares (the BFF's one copy of List Prices, the prices
 * strip's): each asset's `<ASSET>USD` market, USD itself at 1. An asset without such a market has
 * no value here, and the page names it rather than guessing one (issue 60, item 8).
 */

/** The USD price of each asset that has one, and when the shared copy was read. */
export interface UsdPrices {
  prices: ReadonlyMap<string, string>;
  fetchedAt: string | number | undefined;
}

/** The prices in USD of `assets`, from the shared copy; undefined until it is read. */
export function usePricesInUsd(assets: readonly string[]): UsdPrices | undefined {
  const markets = useMarkets();
  const wanted = assets
    .filter((a) => a !== 'USD')
    .map((a) => `${a}USD`)
    .filter((m) => markets.byMarket.has(m)) as Market[];
  const prices = usePrices(wanted);
  const needsPrices = wanted.length > 0;
  if (!markets.data || (needsPrices && !prices.data)) return undefined;
  const map = new Map<string, string>([['USD', '1']]);
  for (const p of prices.data?.data.items ?? []) {
    if (p.current_price && p.market.endsWith('USD'))
      map.set(p.market.slice(0, -3), p.current_price);
  }
  return { prices: map, fetchedAt: prices.data?.fetchedAt };
}

/** Each asset total's value in USD, their sum, and the assets held that have no price. */
export interface UsdValuation {
  byAsset: ReadonlyMap<string, string>;
  total: string;
  unpriced: string[];
}

/**
 * The totals valued exactly (big.js): a USD value to the cent, rounded half up as a statement
 * rounds, for each asset priced; nothing for one that is not.
 *
 * @example
 * valueInUsd([{ asset: 'BTC', total: '2', … }], new Map([['BTC', '50000']])); // total '100000.00'
 */
export function valueInUsd(
  totals: readonly AssetTotal[],
  prices: ReadonlyMap<string, string>,
): UsdValuation {
  const byAsset = new Map<string, string>();
  const unpriced: string[] = [];
  for (const t of totals) {
    const value = multiply(t.total, prices.get(t.asset));
    if (value === undefined) {
      if (new Big(t.total).gt(0)) unpriced.push(t.asset);
      continue;
    }
    byAsset.set(t.asset, new Big(value).round(2, Big.roundHalfUp).toFixed(2));
  }
  return { byAsset, total: new Big(sum([...byAsset.values()])).toFixed(2), unpriced };
}
