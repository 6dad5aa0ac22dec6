/**
 * The words of each notification, for one reader (an email) or a shared room (a chat post).
 * What a message may hold: what the request is, who asked, when it expires, the start of the
 * hash the approval page shows, and a link to the console's own page, which asks for a sign-in.
 * Never a way to act from outside (no approve link, no token), never a secret, and no personal
 * data beyond what the reader's role sees; a chat room may be read by anyone in it, so a post is
 * written as a viewer would see the request.
 */
import type { JournalEntry, NotificationKind, Role } from '@console/schemas';
import type { ApprovalRequestRow } from '../approvals/approval-rows';
import { messageTime } from './message-time';
import { summarize, type NameOf } from './request-summary';

/**
 * The kinds a journal entry's event may have (a batch's are said in `batch-messages.ts`, the
 * audit trail's in `audit-messages.ts`).
 */
export type EntryEventKind = Exclude<NotificationKind, 'batch-ended' | 'audit-broken' | 'schedule'>;

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
  /** The nicknames of the profiles the request names, as far as they could be read. */
  names: NameOf;
}

/** Who reads a message: what their role may see, and the zone their times are said in. */
export interface Reader {
  role: Role;
  /** IANA; null: the times are said in UTC (a chat room's are). */
  time_zone: string | null;
}

/** A chat room may be read by anyone in it: a viewer's sight, times in UTC. */
const ROOM: Reader = { role: 'viewer', time_zone: null };

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

const summaryFor = (facts: EventFacts, reader: Reader) =>
  summarize(facts.entry, reader.role, facts.request?.snapshot?.record, facts.names);

/** The lines that say what the request is, in the words and formats of its review. */
function requestLines(facts: EventFacts, reader: Reader): string[] {
  const s = summaryFor(facts, reader);
  return [
    `Operation: ${s.operation}`,
    ...(s.parties
      ? [`From → to: ${s.parties}`]
      : s.destination
        ? [`Destination: ${s.destination}`]
        : []),
    ...(s.amount ? [`Amount: ${s.amount} (${s.amountWords})`] : []),
    `Asked by: ${facts.entry.operator_name}, ${messageTime(facts.entry.created_at, reader.time_zone)}`,
  ];
}

/** The lines only an approver's messages carry: expiry, what it needs, the hash. */
function approvalLines(facts: EventFacts, reader: Reader): string[] {
  const request = facts.request;
  if (!request) return [];
  return [
    ...(facts.changes ?? []),
    `Approvals needed: ${request.approvers_needed}, from ${request.eligible_roles.join(' or ')}`,
    `Expires: ${messageTime(request.expires_at, reader.time_zone)} (${within(Date.parse(request.expires_at) - facts.now)})`,
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

/** "Create internal transfer, Treasury → Payouts, 5,000.00 USD": a subject as the screen says it. */
function titleOf(subject: string, facts: EventFacts, reader: Reader): string {
  const s = summaryFor(facts, reader);
  return [subject, s.parties, s.amount].filter(Boolean).join(', ');
}

/** An email to one reader. */
export function emailMessage(facts: EventFacts, reader: Reader): Message {
  const { subject, lead } = headline(facts);
  const approval = facts.kind === 'held' || facts.kind === 'reminder';
  const text = [
    ...lead,
    '',
    ...requestLines(facts, reader),
    ...(approval ? approvalLines(facts, reader) : []),
    '',
    link(facts, approval),
    '',
    ...FOOTER,
    `What you receive: ${facts.origin}/notifications`,
  ].join('\n');
  return { subject: titleOf(subject, facts, reader), text };
}

/** A chat post naming everyone it is for, written as a viewer sees the request. */
export function chatMessage(facts: EventFacts, names: readonly string[]): Message {
  const { subject, lead } = headline(facts);
  const approval = facts.kind === 'held' || facts.kind === 'reminder';
  const title = titleOf(subject, facts, ROOM);
  const text = [
    title,
    `For: ${names.join(', ')}`,
    ...lead,
    ...requestLines(facts, ROOM),
    ...(approval ? approvalLines(facts, ROOM) : []),
    link(facts, approval),
    ...FOOTER,
  ].join('\n');
  return { subject: title, text };
}
