/**
 * What a batch adds up to, and the text its approval is given to: totals per asset and per
 * destination and the largest row per asset, summed with decimals (never floats); and the valid
 * rows written canonically, one JSON line each with sorted keys, so that the same requests give
 * the same text whatever the order of the file's columns.
 */
import {
  describeDestination,
  destinationOf,
  destinationTargetId,
  operations,
  type BatchCheck,
  type BatchOperation,
  type BatchTotal,
} from '@console/schemas';
import Big from 'big.js';

/** JSON with object keys in sorted order, so that equal bodies are equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The amount, asset and destination of a valid row, where the operation says which they are. */
function moneyOf(
  operation: BatchOperation,
  body: Record<string, unknown>,
  labelOf: (id: string) => string | undefined,
) {
  const fields = operations[operation].approval.amount;
  const amount = fields && body[fields.amount];
  const asset = fields && body[fields.asset];
  if (typeof amount !== 'string' || typeof asset !== 'string') return undefined;
  const destination = destinationOf(operation, body);
  return {
    amount,
    asset,
    destination: destination ? destinationWords(destination.target, labelOf) : undefined,
  };
}

/** "Payouts (own profile 5b0a…)": the name first where one is known, the target always. */
function destinationWords(
  target: Parameters<typeof describeDestination>[0],
  labelOf: (id: string) => string | undefined,
): string {
  const said = describeDestination(target);
  const name = labelOf(destinationTargetId(target));
  return name ? `${name} (${said})` : said;
}

function sum(map: Map<string, BatchTotal>, key: string, total: Omit<BatchTotal, 'rows'>): void {
  const before = map.get(key);
  map.set(key, {
    ...total,
    amount: before
      ? new Big(before.amount).plus(total.amount).toFixed()
      : new Big(total.amount).toFixed(),
    rows: (before?.rows ?? 0) + 1,
  });
}

/**
 * Totals per asset and per asset and destination of the given valid rows; `labelOf` names a
 * destination's id (a profile's nickname, a book entry's name) where the check knows it.
 */
export function totalsOf(
  operation: BatchOperation,
  rows: readonly { body: Record<string, unknown> | null }[],
  labelOf: (id: string) => string | undefined = () => undefined,
): Pick<BatchCheck, 'totals' | 'by_destination'> & { largest: BatchTotal[] } {
  const perAsset = new Map<string, BatchTotal>();
  const perDestination = new Map<string, BatchTotal>();
  const largest = new Map<string, BatchTotal>();
  for (const row of rows) {
    const money = row.body && moneyOf(operation, row.body, labelOf);
    if (!money) continue;
    sum(perAsset, money.asset, { asset: money.asset, amount: money.amount });
    if (money.destination) {
      sum(perDestination, `${money.asset}\u0000${money.destination}`, {
        asset: money.asset,
        amount: money.amount,
        destination: money.destination,
      });
    }
    const top = largest.get(money.asset);
    if (!top || new Big(money.amount).gt(top.amount)) {
      largest.set(money.asset, {
        asset: money.asset,
        amount: new Big(money.amount).toFixed(),
        rows: 1,
      });
    }
  }
  const byAsset = (a: BatchTotal, b: BatchTotal) =>
    a.asset < b.asset
      ? -1
      : a.asset > b.asset
        ? 1
        : (a.destination ?? '').localeCompare(b.destination ?? '');
  return {
    totals: [...perAsset.values()].sort(byAsset),
    by_destination: [...perDestination.values()].sort(byAsset),
    largest: [...largest.values()].sort(byAsset),
  };
}

/** The canonical text of rows: one line per valid row, `{"body":…,"row":n}`, in row order. */
export function normalizedRows(
  rows: readonly { row: number; body: Record<string, unknown> | null }[],
): string {
  return rows
    .filter((r) => r.body)
    .map((r) => `${canonicalJson({ row: r.row, body: r.body })}\n`)
    .join('');
}
