/**
 * An event becomes messages: one email per recipient who has an address and wants this kind by
 * email, one chat post naming every recipient who wants it by chat. Recipients and their choices
 * are read as they are when the lease holder expands it (seconds after it happened); the words
 * are made once, here, so that every attempt sends the same bytes under the same message id.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationChannel } from '@console/schemas';
import type { ApprovalStore } from '../approvals/approval-store';
import type { ApprovalPolicy } from '../approvals/policy';
import type { BatchStore } from '../batches/batch-store';
import type { Db } from '../db/db';
import type { JournalStore } from '../journal/journal-store';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import type { OperatorDirectory } from '../operators/operator-directory';
import { readSchedules } from '../schedules/schedule-reads';
import { auditChat, auditEmail, auditRecipients, type AuditFacts } from './audit-messages';
import { batchChat, batchEmail, batchRecipients, type BatchFacts } from './batch-messages';
import { chatMessage, emailMessage, type EventFacts } from './message';
import { policyChangeLines } from './policy-change-lines';
import { chatText, subjectLine } from './message-text';
import { profileIdsOf } from './request-summary';
import {
  scheduleChat,
  scheduleEmail,
  scheduleRecipients,
  type OccurrenceHappening,
  type ScheduleFacts,
} from './schedule-messages';
import type { NewMessage, NotificationEvent, OutboxStore } from './outbox-store';
import type { ProfileNames } from './profile-names';
import { chooses, type PreferenceStore } from './preference-store';
import { reachableOperators, recipientsOf, type Reachable } from './recipients';

export interface ExpandDeps {
  db: Db;
  journal: Pick<JournalStore, 'get'>;
  approvals: Pick<ApprovalStore, 'request' | 'approvals'>;
  batches: Pick<BatchStore, 'get'>;
  directory: OperatorDirectory;
  ssoOperators?: Pick<SsoOperatorStore, 'all'> | undefined;
  policy: ApprovalPolicy;
  preferences: PreferenceStore;
  outbox: OutboxStore;
  /** The channels configured: nothing is written for one that is not. */
  channels: Readonly<Record<NotificationChannel, boolean>>;
  /** Where links point (`PUBLIC_URL`, else the local address). */
  origin: () => string;
  now: () => number;
  /** The nicknames of profiles, read from the service; without it, profiles are named by id. */
  profileNames?: ProfileNames | undefined;
}

/** How one event is said: to one reader by email, to a room naming its readers. */
interface Words {
  email: (reader: Reachable) => { subject: string; text: string };
  chat: (names: readonly string[]) => { subject: string; text: string };
}

/**
 * The messages of one event to `recipients`, by the channels configured and their choices. Every
 * message passes here: a subject is put on one line and a chat post's text escaped, whatever
 * operator or service text the words hold (`message-text.ts`).
 */
async function assemble(
  deps: ExpandDeps,
  event: NotificationEvent,
  recipients: readonly Reachable[],
  words: Words,
): Promise<NewMessage[]> {
  if (recipients.length === 0) return [];
  const choices = await deps.preferences.of(recipients.map((r) => r.username));
  const base = { kind: event.kind, journal_id: event.journal_id, batch_id: event.batch_id };
  const messages: NewMessage[] = [];
  if (deps.channels.email) {
    for (const r of recipients) {
      if (!r.email || !chooses(choices, r.username, event.kind, 'email')) continue;
      const { subject, text } = words.email(r);
      messages.push({
        ...base,
        id: randomUUID(),
        channel: 'email',
        recipients: [r.username],
        address: r.email,
        subject: subjectLine(subject),
        body: text,
      });
    }
  }
  const inChat = recipients.filter((r) => chooses(choices, r.username, event.kind, 'chat'));
  if (deps.channels.chat && inChat.length > 0) {
    const id = randomUUID();
    const { subject, text } = words.chat(inChat.map((r) => r.display_name));
    messages.push({
      ...base,
      id,
      channel: 'chat',
      recipients: inChat.map((r) => r.username),
      address: null,
      subject: subjectLine(subject),
      // Slack's incoming-webhook format (`text`); the id and kind ride along for a receiver.
      body: JSON.stringify({ text: chatText(text), message_id: id, kind: event.kind }),
    });
  }
  return messages;
}

/** The messages of a batch's event (migration 024). */
async function batchMessagesOf(
  deps: ExpandDeps,
  event: NotificationEvent & { batch_id: string },
): Promise<NewMessage[]> {
  const batch = await deps.batches.get(event.batch_id);
  if (!batch) return [];
  const operators = await reachableOperators(deps);
  // The trigger keeps who rejected or cancelled by username; messages name them.
  const actor = event.actor_name;
  const facts: BatchFacts = {
    kind: event.kind,
    batch,
    state: event.state,
    detail: event.detail,
    actorName: actor && (operators.find((o) => o.username === actor)?.display_name ?? actor),
    origin: deps.origin(),
  };
  return assemble(deps, event, batchRecipients(event.kind, batch, actor, operators), {
    email: (reader) => batchEmail(facts, reader.time_zone),
    chat: (names) => batchChat(facts, names),
  });
}

/** The messages of a scheduled occurrence's event (migration 039). */
async function scheduleMessagesOf(
  deps: ExpandDeps,
  event: NotificationEvent & { schedule_id: string; due_at: string },
): Promise<NewMessage[]> {
  const [series] = await readSchedules(deps.db, deps.now(), event.schedule_id);
  if (!series) return [];
  const occurrence = series.history.find((o) => Date.parse(o.due_at) === Date.parse(event.due_at));
  const facts: ScheduleFacts = {
    happening: event.state as OccurrenceHappening,
    series,
    dueAt: event.due_at,
    detail: event.detail,
    journalId: occurrence?.journal_id ?? null,
    origin: deps.origin(),
  };
  const operators = await reachableOperators(deps);
  return assemble(deps, event, scheduleRecipients(series, operators), {
    email: (reader) => scheduleEmail(facts, reader.time_zone),
    chat: (names) => scheduleChat(facts, names),
  });
}

/** The messages of the scheduled audit verification's event (migration 028), to the admins. */
async function auditMessagesOf(deps: ExpandDeps, event: NotificationEvent) {
  const facts: AuditFacts = {
    state: event.state === 'verified' ? 'verified' : 'broken',
    detail: event.detail,
    origin: deps.origin(),
  };
  return assemble(deps, event, auditRecipients(await reachableOperators(deps)), {
    email: () => auditEmail(facts),
    chat: (names) => auditChat(facts, names),
  });
}

/** The messages of one event. */
export async function messagesOf(
  deps: ExpandDeps,
  event: NotificationEvent,
): Promise<NewMessage[]> {
  if (event.batch_id) return batchMessagesOf(deps, { ...event, batch_id: event.batch_id });
  if (event.schedule_id && event.due_at) {
    return scheduleMessagesOf(deps, {
      ...event,
      schedule_id: event.schedule_id,
      due_at: event.due_at,
    });
  }
  const { kind } = event;
  if (kind === 'audit-broken') return auditMessagesOf(deps, event);
  // Only a batch ends and only a schedule's occurrence is a schedule's: nobody's otherwise.
  if (kind === 'batch-ended' || kind === 'schedule') return [];
  const entry = event.journal_id ? await deps.journal.get(event.journal_id) : undefined;
  if (!entry) return [];
  const request = await deps.approvals.request(entry.id);
  const approvers = request
    ? (await deps.approvals.approvals(entry.id)).map((a) => a.approver)
    : [];
  const operators = await reachableOperators(deps);
  const recipients = recipientsOf(
    { kind: event.kind, entry, request, approvers },
    operators,
    deps.policy,
  );
  const facts: EventFacts = {
    kind,
    entry,
    request,
    state: event.state,
    detail: event.detail,
    actorName: event.actor_name,
    origin: deps.origin(),
    now: deps.now(),
    changes: policyChangeLines(deps.policy, entry),
    // Read only when someone is told: an event for nobody costs the service no read.
    names:
      recipients.length > 0 && deps.profileNames
        ? await deps.profileNames(profileIdsOf(entry))
        : new Map(),
  };
  return assemble(deps, event, recipients, {
    email: (reader) => emailMessage(facts, reader),
    chat: (names) => chatMessage(facts, names),
  });
}

/**
 * Expands one event in one transaction with its messages, while this process holds the lease:
 * false when it no longer does (nothing was written; the new holder expands it).
 */
export async function expandEvent(deps: ExpandDeps, event: NotificationEvent): Promise<boolean> {
  const messages = await messagesOf(deps, event);
  const lost = new Error('lease lost');
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await deps.outbox.expand(tx, event.id, messages))) throw lost;
      return true;
    });
  } catch (error) {
    if (error === lost) return false;
    throw error;
  }
}
