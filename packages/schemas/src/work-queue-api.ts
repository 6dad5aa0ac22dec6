import { z } from 'zod';
import { ApprovalProspectSchema } from './approvals-api';
import { JournalEntrySchema } from './console-api';
import { RoleSchema } from './primitives/roles';

/*
 * The home page's work queue as the browser sees it (issue 19): what the signed-in operator made
 * and what became of it, and what needs someone's attention. Requests waiting for this operator's
 * approval come from `GET /api/approvals`.
 */

/** Where a request that needed approval stands. */
export const WorkApprovalSchema = z.object({
  approvers_needed: z.number(),
  /** The roles whose operators may approve it: what a queue names ("finance or admin"). */
  eligible_roles: z.array(RoleSchema),
  /** Approvals given so far (the request page says which still count). */
  approvals_given: z.number(),
  /** After this (RFC 3339) a request still waiting expires and is never sent. */
  expires_at: z.string(),
  /** While it waits: what it still needs of the operators there are now. */
  prospect: ApprovalProspectSchema.nullable(),
});
export type WorkApproval = z.infer<typeof WorkApprovalSchema>;

/** One journal entry in the queue, with its approval when it needed one. */
export const WorkItemSchema = z.object({
  journal: JournalEntrySchema,
  approval: WorkApprovalSchema.nullable(),
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

/**
 * Why an entry needs attention: its outcome is unknown, it was refused, it expires within the
 * hour, or it waits for approvals that the operators there are cannot give (`stalled`).
 */
export const ATTENTION_REASONS = ['unknown', 'rejected', 'expiring', 'stalled'] as const;
export const AttentionReasonSchema = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof AttentionReasonSchema>;

export const AttentionItemSchema = WorkItemSchema.extend({ reason: AttentionReasonSchema });
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** `GET /api/work-queue`. */
export const WorkQueueSchema = z.object({
  /**
   * The operator's own sends of the last day, and every one of theirs still waiting for
   * approval, newest first (at most 30).
   */
  my_requests: z.array(WorkItemSchema),
  /**
   * Entries nobody may leave as they are: outcome unknown (resolve them), refused by the
   * service or an approver in the last day, waiting for approval and expiring within the hour.
   */
  needs_attention: z.array(AttentionItemSchema),
  /**
   * Open reconciliation differences per kind (issue 67), for a role that may read
   * reconciliation: a difference is work for someone just as an unknown outcome is. Absent for
   * the other roles, who could not open what it counts.
   */
  reconciliation: z.object({ open_by_kind: z.record(z.string(), z.number().int()) }).optional(),
  /** When the BFF looked (RFC 3339). */
  checked_at: z.string(),
});
export type WorkQueue = z.infer<typeof WorkQueueSchema>;
