/**
 * A market order's size priced when it is decided (issue 66). A market sell has no notional
 * before it fills; read as unknown, any threshold held it, whatever its size. Its base amount at
 * the market's midpoint now (the price the order form shows its estimate at), raised by the
 * policy's margin, is what the thresholds compare instead. With no price to read, the amount
 * stays unknown and thresholds hold it, as before.
 */
import {
  DECIMAL_PATTERN,
  isKnownValue,
  marketAssets,
  marketEstimate,
  MARKETS,
  type MarketEstimate,
  type PolicyDocumentV2,
  type WriteOperationId,
} from '@console/schemas';
import Big from 'big.js';
import type { MarketData } from '../reads/market-data';
import { fetchRead, REGISTRY_READS, type ReadProxyDeps } from '../reads/read-proxy';
import type { SendShape } from './policy-facts';
import type { SendNeeds } from './rule-engine';

/** The market's price now, in its quote asset; undefined when none can be read. */
export type MarketPrice = (market: string) => Promise<string | undefined>;

const decimal = (value: unknown) =>
  typeof value === 'string' && DECIMAL_PATTERN.test(value) ? value : undefined;

const priceOf = (side: unknown) =>
  typeof side === 'object' && side !== null
    ? decimal((side as { price?: unknown }).price)
    : undefined;

/**
 * The price a ticker says: the midpoint of its best bid and ask, as the order form computes it,
 * else its last execution's price.
 */
export function tickerPrice(ticker: unknown): string | undefined {
  if (typeof ticker !== 'object' || ticker === null) return undefined;
  const t = ticker as Record<string, unknown>;
  const [bid, ask] = [priceOf(t.best_bid), priceOf(t.best_ask)];
  if (bid && ask) return new Big(bid).plus(new Big(ask)).div(2).toFixed();
  return priceOf(t.last_execution);
}

/**
 * Reads prices from the deployment's shared copy of the ticker (the copy every order form reads),
 * fetched from the service when it is stale. A failure reads as no price.
 */
export function marketPriceReader(
  deps: Pick<ReadProxyDeps, 'client' | 'timeoutMs' | 'signal'> & { marketData: MarketData },
): MarketPrice {
  const read = REGISTRY_READS.find((r) => r.id === 'getTicker')!;
  return async (market) => {
    const path = `/v2/markets/${market}/ticker`;
    try {
      const answer = await deps.marketData.read(path, async () => {
        try {
          const body = (await fetchRead(deps, read, path, 'policy-estimate')).body;
          return { ok: true, body };
        } catch (error) {
          return { ok: false, error: error as Error };
        }
      });
      return tickerPrice(answer.body);
    } catch {
      return undefined;
    }
  };
}

/**
 * The estimate of a send that is a market order of unknown notional, priced now; undefined for
 * any other send, or when no price can be read.
 */
export async function estimateOf(
  price: MarketPrice | undefined,
  document: PolicyDocumentV2,
  operation: WriteOperationId,
  body: Record<string, unknown>,
  shape: SendShape,
): Promise<MarketEstimate | undefined> {
  if (!price || operation !== 'createOrder' || shape.threshold?.amount !== undefined) return;
  const { market, base_amount: base } = body;
  if (typeof market !== 'string' || !isKnownValue(MARKETS, market)) return;
  const amount = decimal(base);
  if (!amount) return;
  const now = await price(market);
  if (!now) return;
  const assets = marketAssets(market);
  return marketEstimate(
    { amount, asset: assets.base },
    now,
    document.market_order_margin_percent,
    assets.quote,
  );
}

/** The shape with the estimate as the amount its thresholds compare. */
export function pricedShape(shape: SendShape, estimate: MarketEstimate | undefined): SendShape {
  if (!estimate) return shape;
  return {
    ...shape,
    threshold: { asset: estimate.asset, amount: new Big(estimate.amount) },
    estimate,
  };
}

/**
 * The needs of a send with a market order of unknown notional priced now: read before any lock
 * (a read of the service never waits inside a transaction), and decided with by every decision
 * of the send, or of the request again when it is approved.
 */
export async function pricedNeeds(
  price: MarketPrice | undefined,
  document: PolicyDocumentV2,
  operation: string,
  body: Record<string, unknown>,
  needs: SendNeeds,
): Promise<SendNeeds> {
  const id = operation as WriteOperationId;
  const estimate = await estimateOf(price, document, id, body, needs.shape);
  return estimate ? { ...needs, shape: pricedShape(needs.shape, estimate) } : needs;
}
