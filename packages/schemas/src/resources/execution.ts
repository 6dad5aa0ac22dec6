import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { MARKETS, ORDER_SIDES } from '../primitives/trading-enums';
import { DateTimeSchema } from '../primitives/identifier';

/** Execution: one fill of an order (List Executions). The appendix marks no field required. */
export const ExecutionSchema = z.looseObject({
  execution_id: z.string().optional(),
  order_id: z.string().optional(),
  executed_at: DateTimeSchema.optional(),
  market: openEnum(MARKETS).optional(),
  side: openEnum(ORDER_SIDES).optional(),
  amount: z.string().optional(),
  price: z.string().optional(),
  commission: z.string().optional(),
  commission_asset: z.string().optional(),
  rebate: z.string().optional(),
  rebate_asset: z.string().optional(),
  account_id: z.string().optional(),
  gross_trade_amount: z.string().optional(),
});
export type Execution = z.infer<typeof ExecutionSchema>;
