/**
 * What a batch row pays, as one key (issue 64): the operation and the request the row sends
 * (source, destination, asset, amount, memo), whatever the row's number, the file's name, its
 * order or its line ends. The rows hash (`batch-upload.ts`) says which rows an approval is given
 * to, in their order; this key says whether a payout was asked before, so that a file sent once
 * and sent again in another order is recognised, and a single row repeated in a new file shown.
 *
 * The key is defined here only: the upload, the store and the backfill of older rows all call it.
 */
import { createHash } from 'node:crypto';
import { normalizeDecimal, operations, type BatchOperation } from '@console/schemas';
import Big from 'big.js';
import { canonicalJson } from './batch-totals';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A value as far as what it pays goes: an empty memo (`""`, `{}`) is no memo, so a metadata
 * column left blank and one not mapped are the same row.
 */
function meaningful(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.map(meaningful);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => [key, meaningful(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/**
 * The canonical text of what a row pays: `12.30`, `12.3` and `1,2.3`-style grouped amounts read
 * as the check reads them are one amount (compared as decimals, never as numbers), the ref_id
 * (minted per batch and row) is not part of it, and keys are sorted.
 *
 * @example
 * rowContent('createInternalTransfer', { from_profile_id: 'a', to_profile_id: 'b', asset: 'USD', amount: '12.30' });
 * // '{"body":{"amount":"12.3","asset":"USD","from_profile_id":"a","to_profile_id":"b"},"operation":"createInternalTransfer"}'
 */
export function rowContent(operation: BatchOperation, body: Record<string, unknown>): string {
  const { ref_id: _ref, ...rest } = body;
  const amountField = operations[operation].approval.amount?.amount;
  const amount = amountField === undefined ? undefined : rest[amountField];
  if (amountField !== undefined && typeof amount === 'string') {
    const plain = normalizeDecimal(amount, 'en');
    // A body that passed its schema holds a plain decimal; anything else is kept as written.
    try {
      rest[amountField] = new Big(plain).toFixed();
    } catch {
      rest[amountField] = plain;
    }
  }
  return canonicalJson({ operation, body: meaningful(rest) ?? {} });
}

/** The key of a row's content: hex SHA-256 of `rowContent`, stored per row and indexed. */
export function rowContentKey(operation: BatchOperation, body: Record<string, unknown>): string {
  return sha256Hex(rowContent(operation, body));
}

/**
 * The key of a batch's rows as a multiset: the same rows in any order, each as many times, give
 * the same key; a row more, less or changed gives another. Empty for no rows.
 */
export function batchContentHash(keys: readonly string[]): string {
  if (keys.length === 0) return '';
  return sha256Hex(`${[...keys].sort().join('\n')}\n`);
}

/** The keys of the rows a batch sends (those with a body), and their multiset's hash. */
export function contentOf(
  operation: BatchOperation,
  rows: readonly { body: Record<string, unknown> | null }[],
): { keys: (string | null)[]; hash: string } {
  const keys = rows.map((r) => (r.body ? rowContentKey(operation, r.body) : null));
  return { keys, hash: batchContentHash(keys.filter((k): k is string => k !== null)) };
}
