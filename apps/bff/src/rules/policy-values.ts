/**
 * The values a policy file is written in, shared by its parts (approvals, destinations, limits):
 * decimal strings compared with big.js, asset codes with `*` for any other, approver roles.
 */
import { DECIMAL_PATTERN } from '@console/schemas';
import { z } from 'zod';

export const decimal = z
  .string()
  .regex(DECIMAL_PATTERN, { error: 'must be a decimal string such as "10000"' });

/** An asset code, or `*` for any asset a table does not list. */
export const assetOrAny = z
  .string()
  .regex(/^([A-Z0-9]{1,20}|\*)$/, { error: 'must be an asset code or *' });

/** An asset code alone (a limit is in one asset's own units: no `*`). */
export const assetOnly = z
  .string()
  .regex(/^[A-Z0-9]{1,20}$/, { error: 'must be an asset code such as USD' });

export const approverRole = z.enum(['admin', 'finance', 'support'], {
  error: 'must be admin, finance or support (a viewer can never approve)',
});

/** The value a per-asset table gives `asset`: its own, else `*`'s, else undefined. */
export function forAsset<T>(table: Record<string, T> | undefined, asset: string): T | undefined {
  if (!table) return undefined;
  return Object.hasOwn(table, asset) ? table[asset] : table['*'];
}
