/**
 * Approval requests and approvals as their tables hold them (migrations 004, 009, 013, 029, 038) and
 * as the console reads them: the columns read, and a stored request turned into its shape.
 */
import type { DecidingRule, RecordSnapshot, Role } from '@console/schemas';

/** The approval request of one journal entry. */
export interface ApprovalRequestRow {
  journal_id: string;
  approvers_needed: number;
  eligible_roles: Role[];
  body_sha256: string;
  /** The hash of the whole request (`requestSha256`): what every approval binds. */
  request_sha256: string;
  expires_at: string;
  /** The record the request changes, as it was when the request was made (migration 009). */
  snapshot?: RecordSnapshot | null;
  /**
   * Set when a limit of the maker escalated it (issue 37, migration 013): one approval that
   * counts must come from one of these roles; and why it was escalated.
   */
  lift_roles?: Role[] | null;
  escalation?: string | null;
  /** The rule that decided it (issue 66, migration 029); null before it was kept. */
  deciding_rule?: DecidingRule | null;
  /** Each decision signed with the approver's passkey (issue 61, migration 038). */
  passkey_required?: boolean;
}

export interface ApprovalRow {
  approver: string;
  approver_name: string;
  body_sha256: string;
  /** Null for an approval given before approvals bound the whole request: it never counts. */
  request_sha256: string | null;
  approved_at: string;
}

export const iso = (value: Date | string) => new Date(value).toISOString();

/** The columns of a request as stored, of the row aliased `r`. */
export const REQUEST_COLUMNS = `r.journal_id, r.approvers_needed, r.eligible_roles, r.body_sha256,
  r.request_sha256, r.expires_at, r.snapshot, r.snapshot_at, r.lift_roles, r.escalation, r.deciding_rule,
  r.passkey_required`;

export type RequestRow = Omit<
  ApprovalRequestRow,
  'snapshot' | 'lift_roles' | 'escalation' | 'deciding_rule' | 'passkey_required'
> & {
  passkey_required: boolean;
  deciding_rule: string | null;
  lift_roles: Role[] | null;
  escalation: string | null;
  expires_at: Date | string;
  snapshot: string | null;
  snapshot_at: Date | string | null;
};

export function toRequest(row: RequestRow): ApprovalRequestRow {
  return {
    journal_id: row.journal_id,
    approvers_needed: Number(row.approvers_needed),
    eligible_roles: row.eligible_roles,
    body_sha256: row.body_sha256,
    request_sha256: row.request_sha256,
    expires_at: iso(row.expires_at),
    snapshot:
      row.snapshot !== null && row.snapshot_at !== null
        ? {
            record: JSON.parse(row.snapshot) as Record<string, unknown>,
            read_at: iso(row.snapshot_at),
          }
        : null,
    lift_roles: row.lift_roles,
    escalation: row.escalation,
    deciding_rule:
      row.deciding_rule === null ? null : (JSON.parse(row.deciding_rule) as DecidingRule),
    passkey_required: row.passkey_required,
  };
}

/** Rows of several entries, grouped by entry in the order they came. */
export function byEntry<T extends { journal_id: string }>(
  rows: T[],
): Map<string, Omit<T, 'journal_id'>[]> {
  const grouped = new Map<string, Omit<T, 'journal_id'>[]>();
  for (const { journal_id, ...rest } of rows) {
    grouped.set(journal_id, [...(grouped.get(journal_id) ?? []), rest]);
  }
  return grouped;
}
