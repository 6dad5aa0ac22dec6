import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { ORCHESTRATION_RULE_STATUSES } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';
import { DestinationSchema, SourceSchema } from './orchestration-endpoints';

/** Orchestration rule: the member `rule` of the Create Orchestration Rule response. */
export const OrchestrationRuleSchema = z.looseObject({
  id: z.string(),
  ref_id: z.string().optional(),
  nickname: z.string().optional(),
  profile_id: z.string().optional(),
  identity_id: z.string().optional(),
  account_id: z.string().optional(),
  status: openEnum(ORCHESTRATION_RULE_STATUSES),
  source_asset: z.string().optional(),
  destination_asset: z.string().optional(),
  source: SourceSchema.optional(),
  destination: DestinationSchema.optional(),
  created_at: DateTimeSchema.optional(),
});
export type OrchestrationRule = z.infer<typeof OrchestrationRuleSchema>;
