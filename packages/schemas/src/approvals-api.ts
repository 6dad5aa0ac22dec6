import type { JournalEntry, Role } from './console-api';
import type { FieldChange } from './primitives/record-changes';

/*
 * Maker-checker approvals as the browser sees them (issue 7). Types only: the BFF builds these
 * answers and the SPA reads them, so they agree by construction.
 */

/** What a send that needs approval must still collect; the answer to a send is `202 {journal, approval}`. */
export interface ApprovalRequirement {
  required: true;
  /** How many distinct operators must approve (1 or 2), never counting the maker. */
  approvers_needed: number;
  /** The roles whose operators may approve. */
  eligible_roles: Role[];
  /** After this (RFC 3339) the request becomes EXPIRED and is never sent. */
  expires_at: string;
}

/** Answer of a send that now waits for approval: nothing was sent. */
export interface AwaitingApprovalResult {
  journal: JournalEntry;
  approval: ApprovalRequirement;
}

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
export type ApprovalEventKind = (typeof APPROVAL_EVENT_KINDS)[number];

export interface ApprovalEvent {
  kind: ApprovalEventKind;
  /** Username; null for the console itself (expiry, a clock rule at send time). */
  actor: string | null;
  actor_name: string | null;
  /** The reason of a rejection, the outcome of a send. */
  detail: string | null;
  at: string;
}

/** One approval given. */
export interface GivenApproval {
  approver: string;
  approver_name: string;
  /** The hash of the body this operator approved. */
  body_sha256: string;
  /** The hash of the whole request (operation, method, path, body) this operator approved. */
  request_sha256: string;
  approved_at: string;
  /** False when the approver no longer holds a role that may approve: it does not count. */
  counts: boolean;
}

/** The approval state of one journal entry. */
export interface ApprovalStatus extends ApprovalRequirement {
  approvals: GivenApproval[];
  events: ApprovalEvent[];
  /** Whether the signed-in operator may approve or reject it now, and why not. */
  can_decide: boolean;
  cannot_decide_reason: string | null;
  /** Whether the signed-in operator (the maker) may cancel it now. */
  can_cancel: boolean;
}

/**
 * The record a request changes, as the service held it when the request was made: the BFF reads
 * it itself when it holds the request (an update or delete of a fiat account), never from the
 * browser. Masked for the roles that may not see it whole.
 */
export interface RecordSnapshot {
  record: Record<string, unknown>;
  /** When the BFF read it (RFC 3339). */
  read_at: string;
}

/** The same record read again as the approver looks, compared with the snapshot. */
export interface RecordSince {
  read_at: string;
  /** What changed at the service since the request was made; empty when nothing did. */
  changes: FieldChange[];
  /** The service no longer has the record. */
  gone?: boolean;
  /** Why it could not be read again (nothing is known of changes then). */
  error?: string;
}

/** GET /api/approvals/{id}: the entry, its decoded fields (path parameters included), the approval. */
export interface ApprovalDetail {
  journal: JournalEntry;
  /** The stored body parsed, with the path parameters as fields: what the form would show. */
  fields: Record<string, unknown>;
  approval: ApprovalStatus;
  /** The record the request changes, as it was when the request was made (where one is kept). */
  before?: RecordSnapshot | null;
  /**
   * The record read again now, while the request waits (the request's own page only, not the
   * queue): what changed at the service since the request was made.
   */
  since?: RecordSince | null;
}

/** GET /api/approvals: the requests the signed-in operator may approve now. */
export interface ApprovalQueue {
  items: ApprovalDetail[];
  count: number;
}

/** Body of POST /api/approvals/{id}/reject. */
export interface RejectApproval {
  reason: string;
}
