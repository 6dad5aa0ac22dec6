import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { EVENT_OBJECT_TYPES, EVENT_TYPES } from '../primitives/event-enums';
import { DateTimeSchema } from '../primitives/identifier';

/**
 * The payload of an event, shaped by its `object_type` (appendix B): a change of an identity's
 * summary status (`identity_id`, `old_summary_status`, `new_summary_status`), documents an
 * identity must give (`required_documents`), a KYC refresh, a change of an orchestration's status
 * (`ref_id`, `status`, `orchestration_rule_id`) or of a transfer's (`type`, `status`, `profile_id`,
 * `ref_id`, the crypto members, `memo`). One lenient object holds them all: every member is
 * optional and unknown ones are kept, so an object type the console does not know is shown as it
 * came, never a failure of the whole page.
 */
export const EventObjectSchema = z
  .looseObject({
    id: z.string(),
    identity_id: z.string(),
    old_summary_status: z.string(),
    new_summary_status: z.string(),
    required_documents: z.array(z.unknown()),
    ref_id: z.string(),
    status: z.string(),
    orchestration_rule_id: z.string(),
    type: z.string(),
    profile_id: z.string(),
    crypto_network: z.string(),
    crypto_tx_hash: z.string(),
    crypto_tx_index: z.string(),
    memo: z.string(),
  })
  .partial();
export type EventObject = z.infer<typeof EventObjectSchema>;

/** An event: a record of the service changed. The polling counterpart of its webhooks. */
export const EventSchema = z.looseObject({
  id: z.string(),
  type: openEnum(EVENT_TYPES),
  object_type: openEnum(EVENT_OBJECT_TYPES).optional(),
  object: EventObjectSchema.optional(),
  created_at: DateTimeSchema.optional(),
  undelivered_webhooks: z.number().int().optional(),
});
export type Event = z.infer<typeof EventSchema>;
