import { z } from 'zod';
import { RoleSchema } from './primitives/roles';
import type { OperationId } from './registry';

/*
 * The BFF's own HTTP API as the browser sees it (DESIGN.md §2). Shared here so that the BFF and
 * the SPA agree by construction; the service's resources are in resources/.
 */

export { ROLES, RoleSchema, readsOnly, type ApproverRole, type Role } from './primitives/roles';

/**
 * States of a journal entry. SENDING → SUCCEEDED | REJECTED | UNKNOWN; the approval states come
 * with maker-checker approvals and are reserved here so the column is designed for them.
 */
export const JOURNAL_STATES = [
  'SENDING',
  'SUCCEEDED',
  'REJECTED',
  'UNKNOWN',
  'AWAITING_APPROVAL',
  'APPROVED',
  'CANCELLED',
  'EXPIRED',
  /**
   * The service answered "already exists" with the very intent of an entry that already
   * SUCCEEDED (the same operation and ref_id): nothing new happened; `duplicate_of` names it.
   */
  'DUPLICATE',
] as const;
export const JournalStateSchema = z.enum(JOURNAL_STATES);
export type JournalState = z.infer<typeof JournalStateSchema>;

/** A journal entry as the BFF returns it. `request_body` is the exact text that was (or will be) sent. */
/** What was done to a journal entry after its maker sent it, with who and when. */
export const JOURNAL_EVENT_KINDS = [
  /** An operator retried or resolved it (`POST /api/journal/{id}/retry`). */
  'retried',
  /** The console itself sent its stored bytes again, to settle an outcome it did not know. */
  'resent',
] as const;
export const JournalEventSchema = z.object({
  kind: z.enum(JOURNAL_EVENT_KINDS),
  /** Username; null for the console itself. */
  actor: z.string().nullable(),
  actor_name: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type JournalEvent = z.infer<typeof JournalEventSchema>;

export const JournalEntrySchema = z.object({
  id: z.string(),
  operation: z.string(),
  operator: z.string(),
  operator_name: z.string(),
  ref_id: z.string().nullable(),
  state: JournalStateSchema,
  method: z.string(),
  request_path: z.string(),
  request_body: z.string(),
  /**
   * True when `request_body` is masked for the reader's role (issue 67): the body shown is not
   * the bytes that were sent, whose hash `body_sha256` still is. Absent: the exact bytes.
   */
  body_masked: z.boolean().optional(),
  body_sha256: z.string(),
  attempts: z.number(),
  response_status: z.number().nullable(),
  /** The service's answer: the resource on success, its problem details on rejection. */
  response: z.unknown().nullable(),
  /** What went wrong when there was no answer (timeout, reset), for UNKNOWN entries. */
  error: z.string().nullable(),
  request_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The version of the approval policy its send was decided under (issue 38); null for an entry
   * decided before the policy had versions, and for a console action other than a policy's.
   */
  policy_version: z.number().int().nullable(),
  /** For a DUPLICATE entry: the entry of the same intent that succeeded. */
  duplicate_of: z.string().nullable().optional(),
  /**
   * Outcomes reported for this entry after its own and at odds with it (a process whose claim
   * another took over got its answer after all): the service should be checked. Absent when none.
   */
  outcome_conflicts: z.number().optional(),
  /** GET /api/journal/{id} only: those outcomes, oldest first. */
  conflicting_outcomes: z
    .array(
      z.object({
        at: z.string(),
        state: z.string(),
        response_status: z.number().nullable(),
        error: z.string().nullable(),
      }),
    )
    .optional(),
  /**
   * GET /api/journal/{id} only, for an UNKNOWN entry: when the console looks at it again by
   * itself, and whether it may ever send it again to find out (never for an update without a
   * ref_id: then an operator compares the record with the request and decides).
   */
  resolution: z.object({ next_look_at: z.string().nullable(), may_resend: z.boolean() }).optional(),
  /** GET /api/journal/{id} only: who retried it or sent it again after its maker, oldest first. */
  history: z.array(JournalEventSchema).optional(),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const JournalPageSchema = z.object({
  items: z.array(JournalEntrySchema),
  next_cursor: z.string().nullable(),
});
export type JournalPage = z.infer<typeof JournalPageSchema>;

/** Query of GET /api/journal and GET /api/journal.csv; times are RFC 3339. */
export const JournalQuerySchema = z.object({
  operation: z.string().optional(),
  state: JournalStateSchema.optional(),
  operator: z.string().optional(),
  ref_id: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type JournalQuery = z.infer<typeof JournalQuerySchema>;

export const OperatorSchema = z.object({
  username: z.string(),
  display_name: z.string(),
  role: RoleSchema,
});
export type Operator = z.infer<typeof OperatorSchema>;

/** GET /api/session and the answer to POST /api/session. */
export const SessionInfoSchema = z.object({
  operator: OperatorSchema,
  /** The operations the role may use: ids of the registry the SPA was built with. */
  operations: z.array(z.custom<OperationId>((value) => typeof value === 'string')),
  /** When the session ends unless the operator does something: the idle end, or `ends_at`. */
  expires_at: z.string(),
  /**
   * The session's absolute end: `SESSION_MAX_HOURS` after sign-in, or the ID token's expiry for a
   * single sign-on if sooner. No activity moves it.
   */
  ends_at: z.string(),
  /**
   * Set when the operator signed in through the company's provider: its name, and whether
   * signing out also ends the session there (the browser then goes to `/api/session/oidc/logout`).
   */
  sso: z.object({ provider_name: z.string(), provider_logout: z.boolean() }).nullable().optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** Bounds of every password, checked before any hashing (sign-in and the CLI). */
export const PASSWORD_LENGTH = { min: 12, max: 1024 } as const;

/** A password within the bounds; the message is the same for both ends. */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_LENGTH.min, {
    error: `A password has ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
  })
  .max(PASSWORD_LENGTH.max, {
    error: `A password has ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
  });

export const SignInSchema = z.object({
  username: z
    .string()
    .min(1, { error: 'Username is required' })
    .max(200, { error: 'Username can have at most 200 characters' }),
  password: PasswordSchema,
});
export type SignIn = z.infer<typeof SignInSchema>;

/**
 * Answer of POST /api/operations/{id} (and of a retry, or the approval that sends): the
 * service's response and the journal entry. `data` is the service's answer as it came, already
 * recorded: it is never refused here (a send that succeeded must not read as a failure), and the
 * result card reads it through the registry's lenient response schema.
 */
export const SendResultSchema = z.object({
  data: z.unknown(),
  journal: JournalEntrySchema,
});
export type SendResult = z.infer<typeof SendResultSchema>;

/** The input of a send: the operation's request fields, path parameters included. */
export const SendInputSchema = z.record(z.string(), z.unknown());

/** One entry of GET /api/operations: the registry entries the signed-in operator may send. */
export const OperationInfoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  path: z.string(),
  path_params: z.array(z.string()),
  scope: z.string(),
  moves_money: z.boolean(),
  takes_ref_id: z.boolean(),
});
export type OperationInfo = z.infer<typeof OperationInfoSchema>;

/** `GET /api/operations`: the writes the signed-in operator may send. */
export const OperationListSchema = z.object({ items: z.array(OperationInfoSchema) });
export type OperationList = z.infer<typeof OperationListSchema>;
