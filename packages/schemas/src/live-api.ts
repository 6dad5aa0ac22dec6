import { z } from 'zod';
import { uuid } from './primitives/identifier';

/*
 * What changes at the service, as the browser receives it (issue 35): each message of the live
 * stream (`GET /api/stream`, event `change`), and the inbox, the changes an operator must hear
 * of, with what they have read.
 */

/** One change, filtered and masked for the operator's role by the BFF. */
export const LiveMessageSchema = z.strictObject({
  /** The change's place in the log: the stream's `id:`, increasing. */
  id: z.string().regex(/^[0-9]+$/),
  /** The event type, or `<record>.<status>` for the records followed by their update time. */
  kind: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  profile_id: z.string().nullable(),
  /** Something the operator must act on or hear of. */
  inbox: z.boolean(),
  at: z.string(),
  /** The record or event as the service gave it, masked for the role. */
  record: z.unknown(),
});
export type LiveMessage = z.infer<typeof LiveMessageSchema>;

export const InboxItemSchema = LiveMessageSchema.extend({ read: z.boolean() });
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const InboxSchema = z.strictObject({
  items: z.array(InboxItemSchema),
  unread: z.number().int().min(0),
});
export type Inbox = z.infer<typeof InboxSchema>;

/** Marks items read: the ones named, or every item shown with `all`. */
export const InboxReadInputSchema = z.union([
  z.strictObject({
    ids: z
      .array(z.string().regex(/^[0-9]{1,18}$/))
      .min(1)
      .max(200),
  }),
  z.strictObject({ all: z.literal(true) }),
]);
export type InboxReadInput = z.infer<typeof InboxReadInputSchema>;

/**
 * What the service posts to `POST /api/webhooks/svc`: an event's id and type. Nothing else of it
 * is trusted: the event is read back with Get Event.
 *
 * The id becomes a segment of Get Event's path, so it is held to what that path admits (a UUID,
 * as `getEvent`'s own `id` parameter): `.`, `..`, a slash or a space are a 400 naming `id`, never
 * a path builder's throw (a 500) nor a request to another endpoint of the service.
 */
export const SvcWebhookSchema = z.looseObject({
  id: uuid('Event id'),
  type: z.string().max(200).optional(),
});

export const SvcWebhookAnswerSchema = z.strictObject({
  /** `recorded`: new, read back and in the log; `duplicate`: this event was known already. */
  status: z.enum(['recorded', 'duplicate']),
});
