import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { TRANSFER_TYPES } from '../primitives/transfer-enums';

/**
 * A limit on what transfers of some types may move: per transaction (`period_seconds` `0`, no
 * `id`, `remaining` equal to `limit`) or per period, `remaining` being the limit less what was
 * moved in the current period. Amounts are decimal strings in `limit_asset`.
 */
export const TransferLimitSchema = z.looseObject({
  id: z.string().optional(),
  rule_id: z.string().optional(),
  transfer_types: z.array(openEnum(TRANSFER_TYPES)).optional(),
  period_seconds: z.string().optional(),
  limit: z.string().optional(),
  remaining: z.string().optional(),
  limit_asset: z.string().optional(),
});
export type TransferLimit = z.infer<typeof TransferLimitSchema>;
