/**
 * The scheduled verification's notifications (issue 57): the audit trail, or its binding to the
 * rows, fails (`broken`, with what fails), or verifies again after that (`verified`). They reach
 * the admins only. What fails is said as `audit:verify` says it (a chain, a position, a table, a
 * row's id, a column): names of the console's own records, never a value of a row, so a chat
 * room may read it as an admin's email does.
 */
import { notificationKindsFor } from '@console/schemas';
import type { Message } from './message';
import type { Reachable } from './recipients';

/** What the verifier wrote (`notification_events.state` and `.detail`). */
export interface AuditFacts {
  state: 'broken' | 'verified';
  /** What fails, one finding a line (`broken` only). */
  detail: string | null;
  origin: string;
}

/** The admins, before their choices of channel. */
export const auditRecipients = (operators: readonly Reachable[]): Reachable[] =>
  operators.filter(
    (o) => o.role === 'admin' && notificationKindsFor(o.role).includes('audit-broken'),
  );

function headline(facts: AuditFacts): { subject: string; lead: string[] } {
  if (facts.state === 'verified') {
    return {
      subject: 'The audit trail verifies again',
      lead: ['The scheduled verification passed: every chain, tree head and row agrees.'],
    };
  }
  return {
    subject: 'The audit trail does NOT verify',
    lead: [
      'The scheduled verification found records or rows that disagree with the trail: they may have been changed, deleted or forged in the database.',
      'Signed exports are refused until it verifies again. What fails:',
      ...(facts.detail ?? '').split('\n'),
    ],
  };
}

const link = (facts: AuditFacts) =>
  `The audit trail (sign-in required): ${facts.origin}/audit, or pnpm cli audit:verify`;

/** An email to one admin. */
export function auditEmail(facts: AuditFacts): Message {
  const { subject, lead } = headline(facts);
  const text = [
    ...lead,
    '',
    link(facts),
    '',
    `What you receive: ${facts.origin}/notifications`,
  ].join('\n');
  return { subject, text };
}

/** A chat post naming every admin it is for. */
export function auditChat(facts: AuditFacts, names: readonly string[]): Message {
  const { subject, lead } = headline(facts);
  return { subject, text: [subject, `For: ${names.join(', ')}`, ...lead, link(facts)].join('\n') };
}
