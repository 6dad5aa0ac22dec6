/**
 * The words of each notification, for one reader (an email) or a shared room (a chat post).
 * What a message may hold: what the request is, who asked, when it expires, the start of the
 * hash the approval page shows, and a link to the console's own page, which asks for a sign-in.
 * Never a way to act from outside (no approve link, no token), never a secret, and no personal
 * data beyond what the reader's role sees; a chat room may be read by anyone in it, so a post is
 * written as a viewer would see the request.
 */
import type { JournalEntry, NotificationKind, Role } from '@console/schemas';
import type { ApprovalRequestRow } from '../approvals/approval-store';
import { summarize } from './request-summary';

/** The kinds a journal entry's event may have (a batch's are said in `batch-messages.ts`). */
export type EntryEventKind = Exclude<NotificationKind, 'batch-ended'>;

/** What happened, as the outbox's expansion found it. */
export interface EventFacts {
  kind: EntryEventKind;
  entry: JournalEntry;
  request: ApprovalRequestRow | undefined;
  /** The entry's state when it happened (an approved send's outcome). */
  state: string | null;
  /** A rejection's reason, or why the console refused or expired it. */
  detail: string | null;
  /** Who decided (an approver's name), or null for the console itself. */
  actorName: string | null;
  /** Where the console is opened (`PUBLIC_URL`). */
  origin: string;
  /** When it was expanded: "expires in …" is said from here. */
  now: number;
  /** A policy version's changes of the version in force, in lines (`policy-change-lines.ts`). */
  changes?: string[];
}

export interface Message {
  subject: string;
  text: string;
}

/** "in 3 hours", "in 12 minutes": how long a request still waits. */
function within(ms: number): string {
  if (ms <= 0) return 'now';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 90) return `in ${Math.max(1, minutes)} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

const OUTCOME_WORDS: Record<string, string> = {
  SUCCEEDED: 'the service accepted it',
  DUPLICATE: 'the service already held it (accepted)',
  REJECTED: 'it was refused',
  UNKNOWN: 'its outcome is unknown: the console is finding out',
};

/** The lines that say what the request is. */
function requestLines(facts: EventFacts, role: Role): string[] {
  const s = summarize(facts.entry, role, facts.request?.snapshot?.record);
  return [
    `Operation: ${s.operation}`,
    ...(s.amount ? [`Amount: ${s.amount} (${s.amountWords})`] : []),
    ...(s.destination ? [`Destination: ${s.destination}`] : []),
    `Asked by: ${facts.entry.operator_name}, ${facts.entry.created_at}`,
  ];
}

/** The lines only an approver's messages carry: expiry, what it needs, the hash. */
function approvalLines(facts: EventFacts): string[] {
  const request = facts.request;
  if (!request) return [];
  return [
    ...(facts.changes ?? []),
    `Approvals needed: ${request.approvers_needed}, from ${request.eligible_roles.join(' or ')}`,
    `Expires: ${request.expires_at} (${within(Date.parse(request.expires_at) - facts.now)})`,
    `Exact body SHA-256 begins: ${facts.entry.body_sha256.slice(0, 12)} (the approval page shows it whole: compare them)`,
  ];
}

const link = (facts: EventFacts, approval: boolean) =>
  approval
    ? `Open it in the console (sign-in required): ${facts.origin}/approvals/${facts.entry.id}`
    : `The journal entry (sign-in required): ${facts.origin}/journal/${facts.entry.id}`;

/** What happened, the first line and the subject's start, per kind. */
function headline(facts: EventFacts): { subject: string; lead: string[] } {
  const op = summarize(facts.entry, 'viewer').operation;
  const by = facts.actorName ? ` by ${facts.actorName}` : ' by the console';
  switch (facts.kind) {
    case 'held':
      return { subject: `Approval needed: ${op}`, lead: ['A request waits for your approval.'] };
    case 'reminder':
      return {
        subject: `Reminder, expires soon: ${op}`,
        lead: ['A request you may approve has not been decided and expires soon.'],
      };
    case 'approved': {
      const outcome = OUTCOME_WORDS[facts.state ?? ''] ?? `it is ${facts.state}`;
      return {
        subject: `Approved and sent: ${op}`,
        lead: [
          `Your request was approved and sent: ${outcome}.`,
          ...(facts.state !== 'SUCCEEDED' && facts.entry.error
            ? [`What the journal says: ${facts.entry.error}`]
            : []),
        ],
      };
    }
    case 'rejected':
      return {
        subject: `Rejected: ${op}`,
        lead: [
          `Your request was rejected${by}. Nothing was sent.`,
          ...(facts.detail ? [`Reason: ${facts.detail}`] : []),
        ],
      };
    case 'expired':
      return {
        subject: `Expired unapproved: ${op}`,
        lead: ['Your request was not approved within its waiting limit. Nothing was sent.'],
      };
    case 'unknown':
      return {
        subject: `Outcome unknown: ${op}`,
        lead: [
          'Your send got no clear answer from the service: it may or may not have been done.',
          'The console is settling it by itself (reading it back, sending the same request again where that is safe).',
        ],
      };
    case 'refused':
      return {
        subject: `Refused by the service: ${op}`,
        lead: [
          `The service refused your send (status ${facts.entry.response_status ?? '?'}).`,
          ...(facts.entry.error ? [`What the journal says: ${facts.entry.error}`] : []),
        ],
      };
    case 'unsettled':
      return {
        subject: `Needs an operator: ${op}`,
        lead: [
          'The console could not settle the outcome of this send by itself: an operator must check it with the service.',
          ...(facts.entry.error ? [`What the journal says: ${facts.entry.error}`] : []),
        ],
      };
  }
}

const FOOTER = [
  'This message carries no way to act on the request: decisions are made in the console only.',
];

/** An email to one reader of `role`. */
export function emailMessage(facts: EventFacts, role: Role): Message {
  const { subject, lead } = headline(facts);
  const approval = facts.kind === 'held' || facts.kind === 'reminder';
  const summary = summarize(facts.entry, role, facts.request?.snapshot?.record);
  const text = [
    ...lead,
    '',
    ...requestLines(facts, role),
    ...(approval ? approvalLines(facts) : []),
    '',
    link(facts, approval),
    '',
    ...FOOTER,
    `What you receive: ${facts.origin}/notifications`,
  ].join('\n');
  return { subject: `${subject}${summary.amount ? ` of ${summary.amount}` : ''}`, text };
}

/** A chat post naming everyone it is for, written as a viewer sees the request. */
export function chatMessage(facts: EventFacts, names: readonly string[]): Message {
  const { subject, lead } = headline(facts);
  const approval = facts.kind === 'held' || facts.kind === 'reminder';
  const summary = summarize(facts.entry, 'viewer', facts.request?.snapshot?.record);
  const title = `${subject}${summary.amount ? ` of ${summary.amount}` : ''}`;
  const text = [
    title,
    `For: ${names.join(', ')}`,
    ...lead,
    ...requestLines(facts, 'viewer'),
    ...(approval ? approvalLines(facts) : []),
    link(facts, approval),
    ...FOOTER,
  ].join('\n');
  return { subject: title, text };
}
