import {
  MONEY_ROLES,
  operations,
  type Batch,
  type BatchCounts,
  type BatchRequirement,
  type BatchRowState,
  type BatchState,
  type Role,
} from '@console/schemas';
import { roleList } from '@/components/approval/role-names';
import type { Tone } from '@/lib/status-words';

/**
 * Who may open the batches (issue 39): the money roles read and act, auditors and viewers read
 * (a viewer's rows and results come masked from the BFF, as their journal does).
 */
export const mayReadBatches = (role: Role | undefined) =>
  role === 'admin' || role === 'finance' || role === 'auditor' || role === 'viewer';
/** Who may upload, approve, reject, pause, resume and cancel (the BFF checks again). */
export const mayActOnBatches = (role: Role | undefined) =>
  role !== undefined && (MONEY_ROLES as readonly Role[]).includes(role);

export const BATCH_STATE_WORDS: Record<BatchState, { label: string; tone: Tone }> = {
  awaiting_approval: { label: 'Awaiting approval', tone: 'waiting' },
  rejected: { label: 'Rejected: nothing sent', tone: 'bad' },
  sending: { label: 'Sending', tone: 'waiting' },
  paused: { label: 'Paused', tone: 'attention' },
  // Cancelled stops the rows not yet sent; it never undoes one that was.
  cancelled: { label: 'Stopped: rows not yet sent were not sent', tone: 'neutral' },
  done: { label: 'Done', tone: 'good' },
};

export const ROW_STATE_WORDS: Record<BatchRowState, { label: string; tone: Tone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  sent: { label: 'Sent, no answer yet', tone: 'waiting' },
  succeeded: { label: 'Succeeded', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  unknown: { label: 'Outcome unknown', tone: 'attention' },
  excluded: { label: 'Left out at upload', tone: 'neutral' },
  not_sent: { label: 'Not sent', tone: 'neutral' },
};

/** The operation of a batch in the registry's words ("Create internal transfer"). */
export const batchOperationTitle = (operation: Batch['operation']) => operations[operation].title;

/** States in which rows may still leave or settle: the page keeps itself current. */
export const isLiveBatch = (batch: Pick<Batch, 'state' | 'counts'>) =>
  batch.state === 'awaiting_approval' ||
  batch.state === 'sending' ||
  batch.state === 'paused' ||
  batch.counts.sent > 0 ||
  batch.counts.unknown > 0;

/** Rows that have left for the service (whatever came of them). */
const LEFT: readonly BatchRowState[] = ['sent', 'succeeded', 'failed', 'unknown'];

/**
 * How far the sending is: the rows that have left out of the rows the batch sends (every row but
 * those left out at upload). Counts are integers from the BFF; nothing here is an amount.
 */
export function progressOf(counts: BatchCounts): { sent: number; total: number; text: string } {
  const sent = LEFT.reduce((sum, state) => sum + counts[state], 0);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0) - counts.excluded;
  return { sent, total, text: `${sent} of ${total} sent` };
}

/** "12 succeeded, 1 failed, 475 waiting": the counts that are not zero, in the order of a row's life. */
export function countsSentence(counts: BatchCounts): string {
  const order: BatchRowState[] = [
    'succeeded',
    'failed',
    'unknown',
    'sent',
    'waiting',
    'not_sent',
    'excluded',
  ];
  const parts = order
    .filter((state) => counts[state] > 0)
    .map((state) => `${counts[state]} ${ROW_STATE_WORDS[state].label.toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'No rows';
}

/** The start of a hash, as people compare hashes by eye: enough to tell two apart. */
export const shortHash = (hash: string) => hash.slice(0, 12);

/** A row problem's words: its column, then what is wrong. */
export const problemWords = (error: { column: string | null; message: string }) =>
  error.column ? `${error.column}: ${error.message}` : error.message;

/**
 * What a batch still waits for, in words: each requirement not met with the approvals it still
 * needs ("1 more approval by admin (row 1)"); empty once every one is met.
 */
export function stillAwaited(batch: Batch): string {
  return batch.requirements
    .filter((r) => !r.met)
    .map((r) => {
      const still = Math.max(1, r.approvals_required - r.given);
      const lift = r.escalation
        ? `, one of them from ${roleList(r.escalation.lift_roles as Role[])}`
        : '';
      return `${still === 1 ? 'one more approval' : `${still} more approvals`} by ${roleList(r.approver_roles as Role[])}${lift} (${r.asked_by})`;
    })
    .join('; ');
}

/**
 * Whether an approval by `role` surely meets the last requirement the batch waits for: one left,
 * one approval short, and `role` counts for it (and lifts its escalation, if it has one).
 */
export function lastApprovalBy(batch: Batch, role: Role | undefined): boolean {
  const left = batch.requirements.filter((r) => !r.met);
  if (left.length !== 1 || role === undefined) return false;
  const [r] = left as [BatchRequirement];
  return (
    r.approvals_required - r.given <= 1 &&
    r.approver_roles.includes(role) &&
    (!r.escalation || r.escalation.lift_roles.includes(role))
  );
}
