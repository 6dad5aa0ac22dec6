import { z } from 'zod';
import { MONEY_ROLES, RoleSchema, type Role } from './primitives/roles';

/*
 * Notifications as the browser sees them (issue 36): what an operator chooses to receive, and
 * what admins see of delivery. The messages themselves leave the BFF by email and chat; none of
 * them carries a way to act on a request.
 */

/**
 * What the console tells operators about. Open for later kinds (a policy change for admins):
 * a kind added here is offered on the preferences page with the others.
 */
export const NOTIFICATION_KINDS = [
  /** A send waits for an approval this operator may give (and again when it is reopened). */
  'held',
  /** The same, once, a while before it expires, to those who have not acted. */
  'reminder',
  /** The maker's request was approved and sent: with the send's outcome. */
  'approved',
  /** The maker's request was rejected by an approver, or refused by the console at send time. */
  'rejected',
  /** The maker's request expired unapproved. */
  'expired',
  /** The maker's send has no known outcome. */
  'unknown',
  /** The service rejected the maker's send. */
  'refused',
  /** Admins: a send whose outcome the console could not settle by itself. */
  'unsettled',
  /** The maker's batch ended, every row sent or the rest cancelled: what became of its rows. */
  'batch-ended',
  /**
   * Admins: the scheduled verification found the audit trail, or its binding to the rows,
   * failing (and, once after that, verifying again).
   */
  'audit-broken',
  /**
   * A schedule the operator made or approved (issue 63): an occurrence the rules in force
   * refused at its time, one whose send failed, or, after downtime, one missed and then sent
   * once, late, or skipped as its series says.
   */
  'schedule',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** The kinds in words, for the preferences page and the admin's table. */
export const NOTIFICATION_KIND_WORDS: Readonly<Record<NotificationKind, string>> = {
  held: 'A request waits for my approval',
  reminder: 'A request I may approve expires soon',
  approved: 'My request was approved (and what the service said)',
  rejected: 'My request was rejected',
  expired: 'My request expired unapproved',
  unknown: 'My send has no known outcome',
  refused: 'The service rejected my send',
  unsettled: 'A send the console could not settle by itself',
  'batch-ended': 'My batch ended (what became of its rows)',
  'audit-broken': 'The audit trail fails its verification (and when it verifies again)',
  schedule:
    'An occurrence of a schedule I made or approved was refused, failed, or was missed while the console was down',
};

/**
 * Which kinds can reach an operator of `role`: approvers hear of requests, makers of their own
 * (batches too, for the money roles), admins of what the console could not settle and of an
 * audit trail that fails. A viewer or an auditor neither sends nor approves.
 */
export function notificationKindsFor(role: Role): NotificationKind[] {
  if (role === 'viewer' || role === 'auditor') return [];
  return NOTIFICATION_KINDS.filter((kind) =>
    kind === 'unsettled' || kind === 'audit-broken'
      ? role === 'admin'
      : // Only the money roles upload batches and make or approve schedules.
        (kind !== 'batch-ended' && kind !== 'schedule') ||
        (MONEY_ROLES as readonly Role[]).includes(role),
  );
}

export const NOTIFICATION_CHANNELS = ['email', 'chat'] as const;
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

/** One choice: whether this kind comes by this channel. */
export const NotificationChoiceSchema = z.object({
  kind: NotificationKindSchema,
  channel: NotificationChannelSchema,
  enabled: z.boolean(),
});
export type NotificationChoice = z.infer<typeof NotificationChoiceSchema>;

/** A channel as it stands for one operator. */
export const ChannelStatusSchema = z.object({
  channel: NotificationChannelSchema,
  /** Whether anything can come this way now. */
  available: z.boolean(),
  /** Why not, in words, when it cannot. */
  reason: z.string().nullable(),
});
export type ChannelStatus = z.infer<typeof ChannelStatusSchema>;

/** `GET` and `PUT /api/notifications/preferences`: the operator's own choices. */
export const NotificationPreferencesSchema = z.object({
  /** The operator's own email address, where the console knows one. */
  email: z.string().nullable(),
  channels: z.array(ChannelStatusSchema),
  /** One per kind this operator's role can receive and channel; all on until changed. */
  items: z.array(NotificationChoiceSchema),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Body of `PUT /api/notifications/preferences`: the choices to change (others stay). */
export const NotificationPreferencesInputSchema = z.object({
  items: z.array(NotificationChoiceSchema).max(100),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;

/** One operator as admins see their notifications: where they can be reached and what they get. */
export const NotificationRecipientSchema = z.object({
  username: z.string(),
  display_name: z.string(),
  role: RoleSchema,
  /** Where their email goes; null: chat only (and the console itself). */
  email: z.string().nullable(),
  /** Known through the users file or the company's single sign-on. */
  source: z.enum(['users-file', 'sso']),
  /** Every kind and channel that reaches them now (their choices, the channels configured). */
  receives: z.array(z.object({ kind: NotificationKindSchema, channel: NotificationChannelSchema })),
});
export type NotificationRecipient = z.infer<typeof NotificationRecipientSchema>;

/** `GET /api/notifications/recipients` (admins). */
export const NotificationRecipientsSchema = z.object({
  channels: z.array(ChannelStatusSchema),
  items: z.array(NotificationRecipientSchema),
});
export type NotificationRecipients = z.infer<typeof NotificationRecipientsSchema>;

/** Where one message stands. */
export const DELIVERY_STATES = ['pending', 'delivered', 'dead', 'dropped'] as const;

/** One message of the outbox, as admins see it (never its address's secret or body). */
export const NotificationDeliverySchema = z.object({
  /** The message id: the email's Message-ID and the chat message's `message_id`. */
  id: z.string(),
  kind: NotificationKindSchema,
  channel: NotificationChannelSchema,
  /** Whom it is for: a username (email), or every name a chat message addresses. */
  recipients: z.array(z.string()),
  subject: z.string(),
  journal_id: z.string().nullable(),
  /** The batch it is about, for a batch's message (then `journal_id` is null). */
  batch_id: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

/** `GET /api/notifications/dead-letters` (admins): messages given up after the last retry. */
export const DeadLettersSchema = z.object({
  items: z.array(NotificationDeliverySchema),
  count: z.number(),
});
export type DeadLetters = z.infer<typeof DeadLettersSchema>;

/** Query of `GET /api/notifications/dead-letters`. */
export const DeadLetterQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
