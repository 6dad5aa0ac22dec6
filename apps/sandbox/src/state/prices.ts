import Big from 'big.js';
import { MARKETS, type Market } from '@console/schemas';
import { ROUND_HALF_UP } from './assets';

/** Reference price of each market (quote per base), around which the simulated price moves. */
const BASE_PRICES: Record<Market, string> = {
  ETHEUR: '2900',
  ETHSGD: '4300',
  ETHUSD: '3200',
  BTCEUR: '58000',
  BTCSGD: '86000',
  BTCUSD: '64000',
  PAXGUSD: '2400',
  BCHUSD: '380',
  LTCUSD: '85',
  USDPUSD: '1',
  LINKUSD: '14',
  MATICUSD: '0.7',
  AAVEUSD: '95',
  UNIUSD: '7.5',
};

/** Price decimal places per market: 2 unless listed (its tick is one unit of the last place). */
export const PRICE_PLACES: Partial<Record<Market, number>> = {
  MATICUSD: 4,
  USDPUSD: 4,
  UNIUSD: 3,
};

/** A price model as a sandbox keeps it on disk. */
export interface SavedPrices {
  phases: Record<string, [number, number]>;
  pinned: Record<string, { price: string; since: number }>;
}

/**
 * The simulated market: a deterministic function of time (two slow sine waves per market, phases
 * from the seed), so no timer is needed and a replay gives the same prices. About ±2 % over
 * 10 minutes and ±0.5 % over a minute. USDPUSD stays at 1. A pinned price overrides the wave
 * from the moment it was pinned: a day's statistics and yesterday's price before it are the wave's.
 */
export class PriceModel {
  private readonly phases = new Map<Market, [number, number]>();
  private readonly pinned = new Map<Market, { price: Big; since: number }>();

  constructor(random: () => number) {
    for (const market of MARKETS) {
      this.phases.set(market, [random() * 2 * Math.PI, random() * 2 * Math.PI]);
    }
  }

  /** What makes this model: its waves' phases and its pins, for a sandbox that keeps its state. */
  saved(): SavedPrices {
    return {
      phases: Object.fromEntries(this.phases),
      pinned: Object.fromEntries(
        [...this.pinned].map(([m, p]) => [m, { price: p.price.toFixed(), since: p.since }]),
      ),
    };
  }

  /** The model a sandbox saved: the same prices at every time as before its restart. */
  static restore(saved: SavedPrices): PriceModel {
    const model = new PriceModel(() => 0);
    for (const [market, phases] of Object.entries(saved.phases))
      model.phases.set(market as Market, phases);
    for (const [market, pin] of Object.entries(saved.pinned))
      model.pinned.set(market as Market, { price: new Big(pin.price), since: pin.since });
    return model;
  }

  /** The price of a market at a time (Unix ms). */
  at(market: Market, time: number): Big {
    const pin = this.pinned.get(market);
    if (pin && time >= pin.since) return pin.price;
    if (market === 'USDPUSD') return new Big(1);
    const [p1, p2] = this.phases.get(market) ?? [0, 0];
    const wave =
      0.02 * Math.sin((2 * Math.PI * time) / 600_000 + p1) +
      0.005 * Math.sin((2 * Math.PI * time) / 60_000 + p2);
    // The wave is a simulation input, not money: rounded to 6 places before entering big.js.
    const factor = new Big((1 + wave).toFixed(6));
    return new Big(BASE_PRICES[market])
      .times(factor)
      .round(PRICE_PLACES[market] ?? 2, ROUND_HALF_UP);
  }

  /** Holds a market at a price from `since` until unpinned (PUT /sandbox/prices/{market}). */
  pin(market: Market, price: Big | null, since: number): void {
    if (price) this.pinned.set(market, { price, since });
    else this.pinned.delete(market);
  }

  /** Every market's price at a time, as decimal strings. */
  snapshot(time: number): Record<string, string> {
    return Object.fromEntries(MARKETS.map((m) => [m, this.at(m, time).toFixed()]));
  }
}

/** Value of one unit of an asset in USD at a time, through the markets; undefined when unpriced. */
export function usdValue(prices: PriceModel, asset: string, time: number): Big | undefined {
  if (asset === 'USD') return new Big(1);
  if (asset === 'EUR' || asset === 'SGD') {
    return prices.at('BTCUSD', time).div(prices.at(`BTC${asset}` as Market, time));
  }
  const market = `${asset}USD` as Market;
  return (MARKETS as readonly string[]).includes(market) ? prices.at(market, time) : undefined;
}
