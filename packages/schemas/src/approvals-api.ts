import { z } from 'zod';
import { JournalEntrySchema } from './console-api';
import { DestinationCheckSchema } from './destinations-api';
import { EscalationSchema, LimitCheckSchema } from './limits-api';
import { PasskeyAssertionSchema, SignedDecisionSchema } from './passkeys-api';
import { DecidingRuleSchema } from './policy/policy-decision';
import { RoleSchema } from './primitives/roles';

/*
 * Maker-checker approvals as the browser sees them (issue 7). The BFF builds these answers and
 * the SPA parses them with the same schemas (api-contract.ts), so they agree by construction.
 */

/** What a send that needs approval must still collect; the answer to a send is `202 {journal, approval}`. */
export const ApprovalRequirementSchema = z.object({
  required: z.literal(true),
  /** How many distinct operators must approve (1 or 2), never counting the maker. */
  approvers_needed: z.number(),
  /** The roles whose operators may approve. */
  eligible_roles: z.array(RoleSchema),
  /** After this (RFC 3339) the request becomes EXPIRED and is never sent. */
  expires_at: z.string(),
  /**
   * Set when the send passed a limit of its maker that escalates (issue 37): it needs one more
   * approver than it would have, and one of its approvers from `lift_roles`.
   */
  escalation: EscalationSchema.nullable().optional(),
  /**
   * The rule of the policy that held it, its words and why it matched (issue 66); null for a
   * request held before the rule was kept, or by a console action's own rule.
   */
  deciding_rule: DecidingRuleSchema.nullable().optional(),
  /**
   * Each approval or rejection must be signed with the approver's passkey over the request's
   * exact bytes (issue 61): the policy's rule (or the console action's) asked it when it was held.
   */
  passkey_required: z.boolean().optional(),
});
export type ApprovalRequirement = z.infer<typeof ApprovalRequirementSchema>;

/** Answer of a send that now waits for approval: nothing was sent. */
export const AwaitingApprovalResultSchema = z.object({
  journal: JournalEntrySchema,
  approval: ApprovalRequirementSchema,
});
export type AwaitingApprovalResult = z.infer<typeof AwaitingApprovalResultSchema>;

/** What happened to a request that needed approval, with who and when. */
export const APPROVAL_EVENT_KINDS = [
  'submitted',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'sent',
  /** Counted again at send time, the approvals no longer sufficed: it waits again (why in `detail`). */
  'reopened',
  /** Sent again after an unknown outcome, within the approval's validity. */
  'resent',
] as const;
export const ApprovalEventKindSchema = z.enum(APPROVAL_EVENT_KINDS);
export type ApprovalEventKind = z.infer<typeof ApprovalEventKindSchema>;

export const ApprovalEventSchema = z.object({
  kind: ApprovalEventKindSchema,
  /** Username; null for the console itself (expiry, a clock rule at send time). */
  actor: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The reason of a rejection, the outcome of a send. */
  detail: z.string().nullable(),
  at: z.string(),
});
export type ApprovalEvent = z.infer<typeof ApprovalEventSchema>;

/** One approval given. */
export const GivenApprovalSchema = z.object({
  approver: z.string(),
  approver_name: z.string(),
  /** The hash of the body this operator approved. */
  body_sha256: z.string(),
  /** The hash of the whole request (operation, method, path, body) this operator approved. */
  request_sha256: z.string(),
  approved_at: z.string(),
  /** False when the approver no longer holds a role that may approve: it does not count. */
  counts: z.boolean(),
});
export type GivenApproval = z.infer<typeof GivenApprovalSchema>;

/** The approval state of one journal entry. */
/**
 * What a waiting request still needs of the operators there are now (issue 33): how many
 * approvals are missing, how many operators could still give one (not the maker, not one who
 * approved already, holding a role that may approve), and, when they are too few, why it cannot
 * be approved as things stand. Such a request is shown to its maker and to admins, never left to
 * expire unseen.
 */
export const ApprovalProspectSchema = z.object({
  still_needed: z.number(),
  candidates: z.number(),
  stalled: z.string().nullable(),
});
export type ApprovalProspect = z.infer<typeof ApprovalProspectSchema>;

export const ApprovalStatusSchema = ApprovalRequirementSchema.extend({
  /** While it waits: what it still needs of the operators there are now. */
  prospect: ApprovalProspectSchema.nullable(),
  approvals: z.array(GivenApprovalSchema),
  events: z.array(ApprovalEventSchema),
  /** Whether the signed-in operator may approve or reject it now, and why not. */
  can_decide: z.boolean(),
  cannot_decide_reason: z.string().nullable(),
  /** Whether the signed-in operator (the maker) may cancel it now. */
  can_cancel: z.boolean(),
  /** The decisions signed with a passkey, oldest first, each with its proof to copy (issue 61). */
  signatures: z.array(SignedDecisionSchema).optional(),
});
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/**
 * Answer of an approval that was not the last one: `202 {journal, approval}` like a held send,
 * with the approval's whole state (approvals given so far, events).
 */
export const ApprovalProgressSchema = AwaitingApprovalResultSchema.extend({
  approval: ApprovalStatusSchema,
});
export type ApprovalProgress = z.infer<typeof ApprovalProgressSchema>;

/**
 * The record a request changes, as the service held it when the request was made: the BFF reads
 * it itself when it holds the request (an update or delete of a fiat account), never from the
 * browser. Masked for the roles that may not see it whole.
 */
export const RecordSnapshotSchema = z.object({
  record: z.record(z.string(), z.unknown()),
  /** When the BFF read it (RFC 3339). */
  read_at: z.string(),
});
export type RecordSnapshot = z.infer<typeof RecordSnapshotSchema>;

/** One member of a record that differs: its text before and after (absent: not there). */
export const FieldChangeSchema = z.object({
  path: z.string(),
  before: z.string().optional(),
  after: z.string().optional(),
});

/** The same record read again as the approver looks, compared with the snapshot. */
export const RecordSinceSchema = z.object({
  read_at: z.string(),
  /** What changed at the service since the request was made; empty when nothing did. */
  changes: z.array(FieldChangeSchema),
  /** The service no longer has the record. */
  gone: z.boolean().optional(),
  /** Why it could not be read again (nothing is known of changes then). */
  error: z.string().optional(),
});
export type RecordSince = z.infer<typeof RecordSinceSchema>;

/** GET /api/approvals/{id}: the entry, its decoded fields (path parameters included), the approval. */
export const ApprovalDetailSchema = z.object({
  journal: JournalEntrySchema,
  /** The stored body parsed, with the path parameters as fields: what the form would show. */
  fields: z.record(z.string(), z.unknown()),
  approval: ApprovalStatusSchema,
  /** The record the request changes, as it was when the request was made (where one is kept). */
  before: RecordSnapshotSchema.nullable().optional(),
  /**
   * The record read again now, while the request waits (the request's own page only, not the
   * queue): what changed at the service since the request was made.
   */
  since: RecordSinceSchema.nullable().optional(),
});
export type ApprovalDetail = z.infer<typeof ApprovalDetailSchema>;

/** GET /api/approvals: the requests the signed-in operator may approve now. */
export const ApprovalQueueSchema = z.object({
  items: z.array(ApprovalDetailSchema),
  count: z.number(),
});
export type ApprovalQueue = z.infer<typeof ApprovalQueueSchema>;

/** Body of POST /api/approvals/{id}/reject; the BFF trims it and asks for 1 to 500 characters. */
export const RejectApprovalSchema = z.object({
  reason: z.string(),
  /** The passkey's assertion over the decision's statement, where the policy asks one (issue 61). */
  passkey: PasskeyAssertionSchema.optional(),
});
export type RejectApproval = z.infer<typeof RejectApprovalSchema>;

/**
 * Why a send would be refused before anything is journaled: its destination (issue 37), a limit
 * of its maker (issue 37), or a rule of the policy that refuses such sends (issue 38).
 */
export const SEND_REFUSALS = [
  'destination-not-allowed',
  'limit-exceeded',
  'policy-refused',
] as const;

/**
 * Body of POST /api/approvals/{id}/approve, which may also come empty: an optional comment kept
 * in the trail as the approval's `detail`; the BFF trims it and asks for 1 to 500 characters.
 */
export const ApproveRequestSchema = z.object({
  comment: z.string().optional(),
  /** The passkey's assertion over the decision's statement, where the policy asks one (issue 61). */
  passkey: PasskeyAssertionSchema.optional(),
});
export type ApproveRequest = z.infer<typeof ApproveRequestSchema>;

/**
 * `POST /api/operations/{id}/preview`: what sending this request would do, decided by the BFF
 * as the send itself would decide it (issues 33 and 37): go out at once (`approval: null`), wait
 * for approvers (with what it would need of the operators there are now, and the escalation a
 * limit asks), or be refused (`refusal`, and then `approval: null`). Nothing is journaled.
 */
export const SendPreviewSchema = z.object({
  approval: z
    .object({
      approvers_needed: z.number(),
      eligible_roles: z.array(RoleSchema),
      /** How long it would wait for them before it expires, in hours. */
      max_wait_hours: z.number(),
      prospect: ApprovalProspectSchema,
      escalation: EscalationSchema.nullable(),
    })
    .nullable(),
  refusal: z.object({ code: z.enum(SEND_REFUSALS), detail: z.string() }).nullable(),
  /** The book's word on the destination, for an operation that has one. */
  destination: DestinationCheckSchema.nullable(),
  /**
   * The operator's limits this send meets (its asset, every window), with what is left and
   * whether this send passes them ("38,500.00 of 50,000.00 USD left in the last 24 hours").
   */
  limits: z.array(LimitCheckSchema),
  /** The version of the approval policy it was decided by (issue 38); null before there is one. */
  policy_version: z.number().nullable(),
  /** The rule that decided it, its words and why it matched (issue 66). */
  deciding_rule: DecidingRuleSchema.nullable().optional(),
});
export type SendPreview = z.infer<typeof SendPreviewSchema>;
