import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import {
  MARKETS,
  ORDER_SIDES,
  ORDER_STATUSES,
  ORDER_TYPES,
  TIME_IN_FORCE,
} from '../primitives/trading-enums';
import { DateTimeSchema } from '../primitives/identifier';

/** Order: the response of Create Order. */
export const OrderSchema = z.looseObject({
  id: z.string(),
  profile_id: z.string().optional(),
  ref_id: z.string().optional(),
  status: openEnum(ORDER_STATUSES),
  side: openEnum(ORDER_SIDES),
  market: openEnum(MARKETS),
  type: openEnum(ORDER_TYPES),
  base_amount: z.string().optional(),
  price: z.string().optional(),
  quote_amount: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  created_at: DateTimeSchema.optional(),
  modified_at: DateTimeSchema.optional(),
  amount_filled: z.string().optional(),
  volume_weighted_average_price: z.string().optional(),
  time_in_force: openEnum(TIME_IN_FORCE).optional(),
  expiration_date: DateTimeSchema.optional(),
  identity_id: z.string().optional(),
  identity_account_id: z.string().optional(),
  stop_price: z.string().optional(),
  recipient_profile_id: z.string().optional(),
  is_triggered: z.boolean().optional(),
});
export type Order = z.infer<typeof OrderSchema>;
