/**
 * The notification events (written by the database's triggers, migration 013) and the outbox
 * of messages made from them. Every statement that does the sender's work is guarded by its
 * lease (`HOLDS_LEASE`): a process whose lease ran out mid-way expands and delivers nothing more.
 */
import type { NotificationChannel, NotificationDelivery, NotificationKind } from '@console/schemas';
import type { Queryable } from '../db/db';
import { HOLDS_LEASE } from '../jobs/job-lease';

/** The one lease of the notification sender (`job_leases.kind`). */
export const NOTIFICATIONS_JOB = 'notifications';

/** One happening not expanded into messages yet. */
export interface NotificationEvent {
  id: string;
  kind: NotificationKind;
  journal_id: string | null;
  /** The batch it is about (then `journal_id` is null). */
  batch_id: string | null;
  /** The schedule it is about, and which occurrence (migration 039; `journal_id` is null). */
  schedule_id: string | null;
  due_at: string | null;
  state: string | null;
  detail: string | null;
  actor_name: string | null;
}

/** A message to put in the outbox. */
export interface NewMessage {
  /** Its message id (a UUID), which a chat post's body carries too. */
  id: string;
  kind: NotificationKind;
  journal_id: string | null;
  batch_id: string | null;
  channel: NotificationChannel;
  recipients: string[];
  address: string | null;
  subject: string;
  body: string;
}

/** A message taken for an attempt. */
export interface DueMessage {
  id: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  address: string | null;
  subject: string;
  body: string;
  recipients: string[];
  attempts: number;
}

type DeliveryRow = Omit<NotificationDelivery, 'created_at' | 'last_attempt_at' | 'attempts'> & {
  attempts: number | string;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
};

const DELIVERY_COLUMNS = `id::text as id, kind, channel, recipients, subject, journal_id,
  batch_id::text as batch_id, state, attempts, last_error, created_at, last_attempt_at`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    ...row,
    attempts: Number(row.attempts),
    created_at: new Date(row.created_at).toISOString(),
    last_attempt_at: iso(row.last_attempt_at),
  };
}

export function createOutboxStore(db: Queryable, lease: { kind: string; owner: string }) {
  const holds = HOLDS_LEASE('$kind_', '$owner_');
  /** The lease's two parameters follow a statement's own, at `$n` and `$n+1`. */
  const guarded = (sql: string, n: number) =>
    sql.replaceAll('$kind_', `$${n}`).replaceAll('$owner_', `$${n + 1}`);

  return {
    /** Events not expanded yet, oldest first. */
    async unexpanded(limit: number): Promise<NotificationEvent[]> {
      const rows = await db.query<NotificationEvent & { id: string | number }>(
        `select id::text as id, kind, journal_id, batch_id::text as batch_id,
           schedule_id::text as schedule_id, due_at, state, detail, actor_name
         from notification_events where expanded_at is null order by id limit $1`,
        [limit],
      );
      return rows.map((row) => ({
        ...row,
        id: String(row.id),
        due_at: row.due_at === null ? null : new Date(row.due_at).toISOString(),
      }));
    },

    /**
     * Writes an event's messages and marks it expanded, in `tx`, while this process holds the
     * lease; false when it does not (the caller rolls back: nothing was written).
     */
    async expand(tx: Queryable, eventId: string, messages: NewMessage[]): Promise<boolean> {
      const marked = await tx.query(
        guarded(
          `update notification_events set expanded_at = now()
           where id = $1::bigint and expanded_at is null and ${holds} returning id`,
          2,
        ),
        [eventId, lease.kind, lease.owner],
      );
      if (marked.length === 0) return false;
      for (const m of messages) {
        await tx.query(
          `insert into notification_outbox (id, event_id, kind, journal_id, batch_id, channel,
             recipients, address, subject, body)
           values ($1::uuid, $2::bigint, $3, $4, $5::uuid, $6, $7::text[], $8, $9, $10)`,
          [
            m.id,
            eventId,
            m.kind,
            m.journal_id,
            m.batch_id,
            m.channel,
            m.recipients,
            m.address,
            m.subject,
            m.body,
          ],
        );
      }
      return true;
    },

    /**
     * Reminders of requests waiting for approval whose expiry is within `leadMs` of `now`, once
     * each (the events' unique key), for requests held longer than the lead before expiry (one
     * that waits less was announced moments ago). How many were new.
     */
    async remind(now: Date, leadMs: number): Promise<number> {
      const rows = await db.query(
        guarded(
          `insert into notification_events (kind, journal_id, state)
           select 'reminder', e.id, e.state
           from journal_entries e join approval_requests r on r.journal_id = e.id
           where e.state = 'AWAITING_APPROVAL' and r.expires_at > $1::timestamptz
             and r.expires_at <= $1::timestamptz + $2::float8 * interval '1 millisecond'
             and e.created_at < r.expires_at - $2::float8 * interval '1 millisecond'
             and ${holds}
           on conflict (journal_id, kind) where kind <> 'held' do nothing
           returning id`,
          3,
        ),
        [now.toISOString(), leadMs, lease.kind, lease.owner],
      );
      return rows.length;
    },

    /** Messages whose next attempt is due, soonest first. */
    async due(limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select id::text as id from notification_outbox
         where state = 'pending' and next_attempt_at <= now() order by next_attempt_at limit $1`,
        [limit],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Takes a due message for one attempt, while this process holds the lease: counts the
     * attempt and sets the next one ahead by the backoff (`retryBaseMs × 2^attempts`, at most an
     * hour) before anything is sent, so that a crash mid-send leaves it to be tried again then.
     */
    async claim(id: string, retryBaseMs: number): Promise<DueMessage | undefined> {
      const rows = await db.query<DueMessage & { attempts: number | string }>(
        guarded(
          `update notification_outbox set attempts = attempts + 1, last_attempt_at = now(),
             next_attempt_at = now() + least($2::float8 * power(2, least(attempts, 30)),
               3600000) * interval '1 millisecond'
           where id = $1::uuid and state = 'pending' and next_attempt_at <= now() and ${holds}
           returning id::text as id, kind, channel, address, subject, body, recipients, attempts`,
          3,
        ),
        [id, retryBaseMs, lease.kind, lease.owner],
      );
      const row = rows[0];
      return row && { ...row, attempts: Number(row.attempts) };
    },

    /** Marks a message delivered, once: false when it was not pending any more. */
    async delivered(id: string): Promise<boolean> {
      const rows = await db.query(
        `update notification_outbox set state = 'delivered', delivered_at = now(), last_error = null
         where id = $1::uuid and state = 'pending' returning id`,
        [id],
      );
      return rows.length === 1;
    },

    /** Records a failed attempt; the last one makes it a dead letter. */
    async failed(id: string, error: string, dead: boolean): Promise<void> {
      await db.query(
        `update notification_outbox set last_error = $2,
           state = case when $3::boolean then 'dead' else state end
         where id = $1::uuid and state = 'pending'`,
        [id, error, dead],
      );
    },

    /** A message whose recipient is no operator any more: never sent. */
    async dropped(id: string, why: string): Promise<void> {
      await db.query(
        `update notification_outbox set state = 'dropped', last_error = $2
         where id = $1::uuid and state = 'pending'`,
        [id, why],
      );
    },

    /** Dead letters, newest first, and how many there are. */
    async deadLetters(limit: number): Promise<{ items: NotificationDelivery[]; count: number }> {
      const rows = await db.query<DeliveryRow & { total: number | string }>(
        `select ${DELIVERY_COLUMNS}, count(*) over () as total from notification_outbox
         where state = 'dead' order by created_at desc, id limit $1`,
        [limit],
      );
      return {
        items: rows.map(({ total: _t, ...row }) => toDelivery(row)),
        count: Number(rows[0]?.total ?? 0),
      };
    },

    /** A dead letter back in the outbox, due now with its attempts counted afresh. */
    async retry(id: string): Promise<NotificationDelivery | 'not-dead' | undefined> {
      const rows = await db.query<DeliveryRow>(
        `update notification_outbox set state = 'pending', attempts = 0, next_attempt_at = now()
         where id = $1::uuid and state = 'dead' returning ${DELIVERY_COLUMNS}`,
        [id],
      );
      if (rows[0]) return toDelivery(rows[0]);
      const exists = await db.query('select 1 from notification_outbox where id = $1::uuid', [id]);
      return exists.length > 0 ? 'not-dead' : undefined;
    },

    /** Every message of a batch (tests). */
    async ofBatch(batchId: string): Promise<NotificationDelivery[]> {
      const rows = await db.query<DeliveryRow>(
        `select ${DELIVERY_COLUMNS} from notification_outbox where batch_id = $1::uuid
         order by created_at, id`,
        [batchId],
      );
      return rows.map(toDelivery);
    },

    /** Every message of an entry (tests and the admin's look at one request). */
    async ofEntry(journalId: string): Promise<NotificationDelivery[]> {
      const rows = await db.query<DeliveryRow>(
        `select ${DELIVERY_COLUMNS} from notification_outbox where journal_id = $1
         order by created_at, id`,
        [journalId],
      );
      return rows.map(toDelivery);
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
