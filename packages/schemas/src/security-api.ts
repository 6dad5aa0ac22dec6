import { z } from 'zod';

/*
 * The BFF's security surface as the browser sees it: an operator's sessions and the security
 * events admins read. Shared here so that the BFF and the SPA agree by construction.
 */

/**
 * One live session, as `GET /api/sessions` lists it. `id` is a public id made for this purpose:
 * neither the cookie's token nor its hash is ever sent back.
 */
export const SessionSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When it ends if idle from its last use, or its absolute end, whichever comes first. */
  expires_at: z.string(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** `GET /api/sessions`: the operator's own live sessions, or everyone's for an admin. */
export const SessionListSchema = z.object({ items: z.array(SessionSummarySchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

/** What security events record. */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  /** Too many failures: the username or the address is locked for a while. */
  'sign-in-locked',
  /** A sign-in attempted while locked: refused without checking the password. */
  'sign-in-refused',
  'sign-out',
  /** A session ended from the sessions list, by its owner or an admin. */
  'session-ended',
  /**
   * A session refused because its operator was removed, re-added, given another role or a new
   * password since it began: ended for good.
   */
  'session-revoked',
  /**
   * A request awaiting or holding approval whose stored operation, method, path or body no
   * longer hashes to what was approved: not sent.
   */
  'request-tampered',
  /**
   * A single sign-on that did not check out: a state, nonce or ID token that does not match, a
   * code the provider refused, a sign-in no browser began. No session is made.
   */
  'sso-sign-in-failed',
  /** The provider vouched for the person, but no console role is theirs: refused. */
  'sso-sign-in-refused',
  /** The provider said the person signed out there (back-channel logout): their sessions end. */
  'sso-logout',
  /** An admin revoked an entry of the book of allowed destinations: no money goes there now. */
  'destination-revoked',
  /** A delivery to the service's webhook without the configured API key: refused (issue 35). */
  'webhook-refused',
  /**
   * A version of the approval policy that lets some send through with fewer approvals than the
   * version in force (issue 55): recorded when it is proposed and when it comes into force.
   */
  'policy-loosened',
  /** An operator registered a passkey (issue 61): pending until it cools off or an admin confirms it. */
  'passkey-registered',
  /** An admin confirmed another operator's pending passkey: it signs decisions from now on. */
  'passkey-confirmed',
  /** A passkey revoked by its owner or an admin: it signs nothing from now on. */
  'passkey-revoked',
  /** A decision's passkey signature that did not check out: nothing was counted. */
  'passkey-refused',
] as const;
export const SecurityEventKindSchema = z.enum(SECURITY_EVENT_KINDS);
export type SecurityEventKind = z.infer<typeof SecurityEventKindSchema>;

/** One security event (admins only). */
export const SecurityEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: SecurityEventKindSchema,
  /** The account concerned; for a failed sign-in, the username as typed (it may not exist). */
  username: z.string(),
  /** Who ended the session, when it was not its owner. */
  actor: z.string().nullable(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  session_id: z.string().nullable(),
  request_id: z.string(),
  detail: z.string().nullable(),
  /**
   * How many times it happened: failed and refused sign-ins are one row per username, address
   * and minute, counted; other events are one row each.
   */
  count: z.number(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

export const SecurityEventPageSchema = z.object({
  items: z.array(SecurityEventSchema),
  next_cursor: z.string().nullable(),
});
export type SecurityEventPage = z.infer<typeof SecurityEventPageSchema>;

/** Query of `GET /api/security-events`. */
export const SecurityEventQuerySchema = z.object({
  kind: SecurityEventKindSchema.optional(),
  username: z.string().max(100).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'cursor is not valid' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type SecurityEventQuery = z.infer<typeof SecurityEventQuerySchema>;
