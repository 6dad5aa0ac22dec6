/**
 * A scheduled occurrence's notifications (issue 63, migration 039): who hears of it and in what
 * words. An occurrence the rules in force refused at its time, one whose send the service
 * refused, and one missed while no scheduler ran (sent once, late, or skipped as its series says)
 * reach the series' maker and those who approved its version in force: the people who said this
 * money should move on this calendar. As every message: no way to act from outside, no secret.
 */
import { formatAmountIn, notificationKindsFor, operations, type Schedule } from '@console/schemas';
import { amountInWords } from './amount-words';
import type { Message } from './message';
import { messageTime } from './message-time';
import type { Reachable } from './recipients';

/** What happened to the occurrence (`notification_events.state`). */
export type OccurrenceHappening = 'refused' | 'failed' | 'missed-sent' | 'missed-skipped';

export interface ScheduleFacts {
  happening: OccurrenceHappening;
  series: Schedule;
  /** The occurrence's due instant. */
  dueAt: string;
  /** The rule's or the service's words, when there are any. */
  detail: string | null;
  /** The occurrence's journal entry, when it was sent. */
  journalId: string | null;
  origin: string;
}

/** The series' maker and the approvers of its version in force, before their channel choices. */
export function scheduleRecipients(series: Schedule, operators: readonly Reachable[]): Reachable[] {
  const told = new Set([series.created_by, ...(series.in_force?.approvals.map((a) => a.by) ?? [])]);
  return operators.filter(
    (o) => told.has(o.username) && notificationKindsFor(o.role).includes('schedule'),
  );
}

const versionOf = (s: Schedule) => s.in_force ?? s.awaiting;

const numberOf = (facts: ScheduleFacts) =>
  [...facts.series.history, ...facts.series.next].find(
    (o) => Date.parse(o.due_at) === Date.parse(facts.dueAt),
  )?.number;

const title = (facts: ScheduleFacts) => {
  const n = numberOf(facts);
  return `${n === undefined ? 'an occurrence' : `occurrence ${n}`} of a schedule of ${operations[facts.series.operation].title}`;
};

function headline(
  facts: ScheduleFacts,
  timeZone: string | null,
): { subject: string; lead: string[] } {
  const due = messageTime(facts.dueAt, timeZone);
  switch (facts.happening) {
    case 'refused':
      return {
        subject: `Not sent: ${title(facts)}`,
        lead: [
          `The rules in force at its time (${due}) refused it: nothing was sent.`,
          ...(facts.detail ? [`Why: ${facts.detail}`] : []),
          'The schedule goes on with its next occurrence.',
        ],
      };
    case 'failed':
      return {
        subject: `Failed: ${title(facts)}`,
        lead: [
          `It was sent at its time (${due}) and the service refused it.`,
          ...(facts.detail ? [`The service said: ${facts.detail}`] : []),
          'The schedule goes on with its next occurrence.',
        ],
      };
    case 'missed-sent':
      return {
        subject: `Sent late: ${title(facts)}`,
        lead: [
          `It fell due at ${due} while no scheduler ran (the console was down), and was sent once when it came back, as the schedule says.`,
        ],
      };
    default:
      return {
        subject: `Skipped: ${title(facts)}`,
        lead: [
          `It fell due at ${due} while no scheduler ran (the console was down), and was not sent: the schedule says to skip what is missed.`,
        ],
      };
  }
}

function lines(facts: ScheduleFacts): string[] {
  const version = versionOf(facts.series);
  const money = version?.per_occurrence;
  return [
    `Operation: ${operations[facts.series.operation].title}`,
    ...(version ? [`When: ${version.timing_words}`] : []),
    ...(money
      ? [
          `Amount per occurrence: ${formatAmountIn(money.amount, money.asset, 'en')} ${money.asset} (${amountInWords(money.amount)} ${money.asset})`,
        ]
      : []),
    `Made by: ${facts.series.created_by_name}`,
  ];
}

const links = (facts: ScheduleFacts) => [
  `The schedule (sign-in required): ${facts.origin}/schedules/${facts.series.id}`,
  ...(facts.journalId
    ? [`Its journal entry (sign-in required): ${facts.origin}/journal/${facts.journalId}`]
    : []),
];

const FOOTER =
  'This message carries no way to act on the schedule: decisions are made in the console only.';

/** An email to one reader, its times in their zone where known. */
export function scheduleEmail(facts: ScheduleFacts, timeZone: string | null = null): Message {
  const { subject, lead } = headline(facts, timeZone);
  const text = [
    ...lead,
    '',
    ...lines(facts),
    '',
    ...links(facts),
    '',
    FOOTER,
    `What you receive: ${facts.origin}/notifications`,
  ].join('\n');
  return { subject, text };
}

/** A chat post naming everyone it is for. */
export function scheduleChat(facts: ScheduleFacts, names: readonly string[]): Message {
  const { subject, lead } = headline(facts, null);
  const text = [
    subject,
    `For: ${names.join(', ')}`,
    ...lead,
    ...lines(facts),
    ...links(facts),
    FOOTER,
  ].join('\n');
  return { subject, text };
}
