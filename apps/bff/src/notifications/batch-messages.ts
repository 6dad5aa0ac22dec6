/**
 * A batch's notifications (migration 024): who hears of it and in what words. A batch waiting
 * for approval reaches the operators of the roles it was given at upload (never its maker, never
 * one who approved it already); a rejected or ended batch reaches its maker, unless they ended it
 * themselves. The words say what the batch is (operation, file, rows, totals in figures and
 * words), the start of the rows' hash the batch page shows whole, and link to that page, which
 * asks for a sign-in. As a single request's messages: no way to act from outside, no secret; a
 * batch's totals are per asset and name no person, so every reader gets the same words.
 */
import {
  formatAmountIn,
  notificationKindsFor,
  operations,
  type BatchCounts,
  type NotificationKind,
} from '@console/schemas';
import type { StoredBatch } from '../batches/batch-reads';
import { awaitedWords } from '../batches/batch-requirements';
import { amountInWords } from './amount-words';
import { messageTime } from './message-time';
import type { Message } from './message';
import type { Reachable } from './recipients';

/** What happened to a batch, as the outbox's expansion found it. */
export interface BatchFacts {
  kind: NotificationKind;
  batch: StoredBatch;
  /** The batch's state when it happened: `done` or `cancelled` for an ended one. */
  state: string | null;
  /** The reason given by who rejected or cancelled it. */
  detail: string | null;
  /** Who rejected or cancelled it, by name; null for the console itself. */
  actorName: string | null;
  origin: string;
}

/** The operators a batch's event is for, before their choices of channel. */
export function batchRecipients(
  kind: NotificationKind,
  batch: StoredBatch,
  actor: string | null,
  operators: readonly Reachable[],
): Reachable[] {
  const canGet = (o: Reachable) => notificationKindsFor(o.role).includes(kind);
  if (kind === 'held') {
    if (batch.state !== 'awaiting_approval') return [];
    const approved = new Set(batch.approvals.map((a) => a.by));
    return operators.filter(
      (o) =>
        canGet(o) &&
        // Those whose approval counts towards a requirement not met yet.
        batch.requirements.some((r) => !r.met && r.approver_roles.includes(o.role)) &&
        o.username !== batch.created_by &&
        !approved.has(o.username),
    );
  }
  // The maker hears of what others did to their batch, not of their own cancel.
  if (actor === batch.created_by) return [];
  return operators.filter((o) => o.username === batch.created_by && canGet(o));
}

const title = (batch: StoredBatch) =>
  `batch of ${batch.row_count} ${operations[batch.operation].title} (${batch.file_name})`;

/** "1,250.50 USD (one thousand … USD) in 3 rows", per asset, the figures as the pages write them. */
const totalLines = (batch: StoredBatch) =>
  batch.totals.map(
    (t) =>
      `Total: ${formatAmountIn(t.amount, t.asset, 'en')} ${t.asset} (${amountInWords(t.amount)} ${t.asset}) in ${t.rows} row${t.rows === 1 ? '' : 's'}`,
  );

const COUNT_WORDS: [keyof BatchCounts, string][] = [
  ['succeeded', 'Succeeded'],
  ['failed', 'Failed (the service said no)'],
  ['unknown', 'Outcome unknown (the console is finding out)'],
  ['sent', 'Sent, no answer yet'],
  ['waiting', 'Waiting'],
  ['not_sent', 'Not sent'],
  ['excluded', 'Left out at upload'],
];

/** What became of the rows: every state that has any. */
const countLines = (counts: BatchCounts) =>
  COUNT_WORDS.filter(([state]) => counts[state] > 0).map(
    ([state, words]) => `${words}: ${counts[state]}`,
  );

function headline(facts: BatchFacts): { subject: string; lead: string[] } {
  const { batch } = facts;
  const by = facts.actorName ? ` by ${facts.actorName}` : '';
  switch (facts.kind) {
    case 'held':
      return {
        subject: `Approval needed: ${title(batch)}`,
        lead: ['A batch waits for your approval.'],
      };
    case 'rejected':
      return {
        subject: `Rejected: ${title(batch)}`,
        lead: [
          `Your batch was rejected${by}. Nothing of it was sent.`,
          ...(facts.detail ? [`Reason: ${facts.detail}`] : []),
        ],
      };
    default: {
      const cancelled = facts.state === 'cancelled';
      const trouble = batch.counts.failed + batch.counts.unknown > 0;
      return {
        subject: `${cancelled ? 'Cancelled' : 'Ended'}${trouble ? ', with failures' : ''}: ${title(batch)}`,
        lead: [
          cancelled
            ? `Your batch was cancelled${by}: the rows not sent yet never will be.`
            : 'Your batch has ended: every row was sent.',
          ...(cancelled && facts.detail ? [`Reason: ${facts.detail}`] : []),
          ...(trouble
            ? ['Some rows did not succeed: the batch page lists them and gives the results file.']
            : []),
        ],
      };
    }
  }
}

function lines(facts: BatchFacts, timeZone: string | null): string[] {
  const { batch } = facts;
  const held = facts.kind === 'held';
  return [
    `Operation: ${operations[batch.operation].title}`,
    `File: ${batch.file_name}, ${batch.row_count} rows`,
    ...totalLines(batch),
    `Uploaded by: ${batch.created_by_name}, ${messageTime(batch.created_at, timeZone)}`,
    ...(held
      ? [
          `Approvals needed: ${awaitedWords(batch.requirements)}`,
          `Rows SHA-256 begins: ${batch.rows_hash.slice(0, 12)} (the batch page shows it whole: compare them)`,
        ]
      : countLines(batch.counts)),
  ];
}

const link = (facts: BatchFacts) =>
  `The batch (sign-in required): ${facts.origin}/batches/${facts.batch.id}`;

const FOOTER =
  'This message carries no way to act on the batch: decisions are made in the console only.';

/** An email to one reader, its times in their zone where known. */
export function batchEmail(facts: BatchFacts, timeZone: string | null = null): Message {
  const { subject, lead } = headline(facts);
  const text = [
    ...lead,
    '',
    ...lines(facts, timeZone),
    '',
    link(facts),
    '',
    FOOTER,
    `What you receive: ${facts.origin}/notifications`,
  ].join('\n');
  return { subject, text };
}

/** A chat post naming everyone it is for. */
export function batchChat(facts: BatchFacts, names: readonly string[]): Message {
  const { subject, lead } = headline(facts);
  const text = [
    subject,
    `For: ${names.join(', ')}`,
    ...lead,
    ...lines(facts, null),
    link(facts),
    FOOTER,
  ].join('\n');
  return { subject, text };
}
