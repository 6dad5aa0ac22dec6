/**
 * The market orders of a dry run priced (issue 66). A market sell by its base amount has no
 * notional before it fills; read as unknown, any threshold held it under the draft and the version
 * alike, hiding what a threshold change does to market orders. So each document judges it as the
 * send path does (`estimateOf`, `pricedShape`): its base amount at a price, raised by that
 * document's own margin. The price is the one it was decided at (the estimate its journal entry
 * keeps, or its held request's `deciding_rule` from before the entry kept it), else the market's now, read once per market per
 * dry run through the send path's reader (outside any transaction: the dry run opens none). With
 * no price, its amount stays unknown, as before, and is counted.
 */
import {
  DECIMAL_PATTERN,
  marketAssets,
  MarketEstimateSchema,
  type DryRunMarketOrders,
  type Market,
  type PolicyDocumentV2,
  type WriteOperationId,
} from '@console/schemas';
import type { Db } from '../db/db';
import { estimateOf, pricedShape, type MarketPrice } from '../rules/market-estimate';
import type { SendShape } from '../rules/policy-facts';

/** A send of the journal as the dry run read it. */
export interface JournaledSend {
  id: string;
  operation: WriteOperationId;
  body: Record<string, unknown>;
  shape: SendShape;
}

/** The shape each document judges a send by, and where a market order's price came from. */
export interface PricedShapes {
  then: SendShape;
  draft: SendShape;
  read?: 'when_decided' | 'now';
}

/** The price of an estimate kept as JSON text (of `pick` of it), when it holds one. */
function recordedPrice(
  text: string | null,
  pick: (parsed: unknown) => unknown = (parsed) => parsed,
): string | undefined {
  if (text === null) return undefined;
  try {
    const estimate = MarketEstimateSchema.safeParse(pick(JSON.parse(text)));
    const price = estimate.success ? estimate.data.price : undefined;
    return price !== undefined && DECIMAL_PATTERN.test(price) ? price : undefined;
  } catch {
    return undefined;
  }
}

const ruleEstimate = (rule: unknown) => (rule as { estimate?: unknown } | null)?.estimate;

/**
 * Prices the market orders of unknown size of a dry run: `page` before each page of sends is
 * judged, then `shapes` for each send of it; `summary` counts them at the end. `price` is the send
 * path's reader (none: no price now); `now` says when a price was read.
 */
export function marketOrderPricer(db: Db, price: MarketPrice | undefined, now: () => number) {
  const counts = { priced_when_decided: 0, priced_now: 0, unpriced: 0 };
  const prices: DryRunMarketOrders['prices'] = [];
  const readNow = new Map<string, Promise<string | undefined>>();
  let recorded = new Map<string, string>();

  // Once per market per dry run, whatever the number of its orders.
  const priceNow: MarketPrice = (market) => {
    let read = readNow.get(market);
    if (!read) {
      read = (price?.(market) ?? Promise.resolve(undefined)).then((found) => {
        if (found !== undefined) {
          const { quote } = marketAssets(market as Market);
          prices.push({
            market,
            price: found,
            asset: quote,
            read_at: new Date(now()).toISOString(),
          });
        }
        return found;
      });
      readNow.set(market, read);
    }
    return read;
  };

  return {
    /**
     * Reads the prices a page's orders were decided at: the estimate each journal entry keeps
     * (migration 033), else, for a request held before it, its request's deciding rule.
     */
    async page(sends: { id: string; operation: string }[]) {
      recorded = new Map();
      const orders = sends.filter((s) => s.operation === 'createOrder').map((s) => s.id);
      if (orders.length === 0) return;
      const rows = await db.query<{
        id: string;
        market_estimate: string | null;
        deciding_rule: string | null;
      }>(
        `select e.id, e.market_estimate, a.deciding_rule
         from journal_entries e left join approval_requests a on a.journal_id = e.id
         where e.id = any($1::text[])
           and (e.market_estimate is not null or a.deciding_rule is not null)`,
        [orders],
      );
      for (const row of rows) {
        const found =
          recordedPrice(row.market_estimate) ?? recordedPrice(row.deciding_rule, ruleEstimate);
        if (found) recorded.set(row.id, found);
      }
    },

    /** The shape the version then in force and the draft each judge `send` by. */
    async shapes(
      send: JournaledSend,
      then: PolicyDocumentV2,
      draft: PolicyDocumentV2,
    ): Promise<PricedShapes> {
      const kept = recorded.get(send.id);
      let asked = false;
      const source: MarketPrice = async (market) => {
        asked = true;
        return kept ?? priceNow(market);
      };
      const estimate = (document: PolicyDocumentV2) =>
        estimateOf(source, document, send.operation, send.body, send.shape);
      const [thenEstimate, draftEstimate] = [await estimate(then), await estimate(draft)];
      // Not a market order of unknown size: nothing was asked.
      if (!asked) return { then: send.shape, draft: send.shape };
      if (!thenEstimate || !draftEstimate) {
        counts.unpriced++;
        return { then: send.shape, draft: send.shape };
      }
      const read = kept === undefined ? 'now' : 'when_decided';
      counts[read === 'now' ? 'priced_now' : 'priced_when_decided']++;
      return {
        then: pricedShape(send.shape, thenEstimate),
        draft: pricedShape(send.shape, draftEstimate),
        read,
      };
    },

    summary(): DryRunMarketOrders {
      return {
        ...counts,
        prices: [...prices].sort((a, b) => a.market.localeCompare(b.market)),
      };
    },
  };
}
