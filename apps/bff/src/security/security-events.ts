import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { SecurityEvent, SecurityEventKind } from '@console/schemas';
import type { Db, Queryable, SqlParam } from '../db/db';

/** What a caller records; id, time and order are filled in. */
export interface SecurityEventInit {
  kind: SecurityEventKind;
  username: string;
  requestId: string;
  actor?: string | undefined;
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
  sessionId?: string | undefined;
  detail?: string | undefined;
}

/** An unauthenticated failure: aggregated per kind, username, address and minute. */
export interface FailureInit extends SecurityEventInit {
  kind:
    | 'sign-in-failed'
    | 'sign-in-refused'
    | 'sign-in-locked'
    | 'sso-sign-in-failed'
    | 'webhook-refused';
  /** Whether the typed username is an operator's: only then is it kept as typed. */
  known: boolean;
}

/** Distinct failure rows per minute; past it, one row per kind counts all the others. */
export const FAILURE_ROWS_PER_MINUTE = 100;

/** Filters of `GET /api/security-events`. */
export interface SecurityEventFilter {
  kind?: SecurityEventKind | undefined;
  username?: string | undefined;
  /** The `seq` of the last row of the previous page. */
  before?: number | undefined;
}

interface Row {
  id: string;
  seq: string | number;
  at: Date | string;
  kind: SecurityEventKind;
  username: string;
  actor: string | null;
  client_address: string | null;
  user_agent: string | null;
  session_id: string | null;
  request_id: string;
  detail: string | null;
  count: number | string;
}

// Typed usernames are stored as evidence of an attack, but bounded: a pasted password or a
// megabyte of junk in the username field must not become a row of any size.
const clip = (value: string | undefined, max: number) =>
  value === undefined ? null : value.slice(0, max);

/**
 * The security events table: sign-ins, failures, lockouts, sign-outs and sessions ended by
 * someone. Written by the session routes; read by admins through `GET /api/security-events`.
 *
 * @example
 * const events = createSecurityEventStore(db);
 * await events.record({ kind: 'sign-in', username: 'ada', requestId });
 */
export function createSecurityEventStore(db: Db, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  // The key of the short hashes of unknown usernames: one per database, so that every process
  // aggregates the same name under the same hash, and a copy of the hash alone tells nothing.
  let pepper: Promise<string> | undefined;
  const loadPepper = async () => {
    await db.query(
      `insert into console_settings (name, value) values ('security-event-pepper', $1)
       on conflict (name) do nothing`,
      [randomBytes(32).toString('base64url')],
    );
    const rows = await db.query<{ value: string }>(
      `select value from console_settings where name = 'security-event-pepper'`,
    );
    return rows[0]!.value;
  };
  /** A name that is no operator's may be a password typed in the wrong field: a short hash. */
  const shown = async (username: string, known: boolean) => {
    if (known) return clip(username, 100)!;
    pepper ??= loadPepper();
    pepper.catch(() => (pepper = undefined));
    const hash = createHmac('sha256', await pepper)
      .update(username, 'utf8')
      .digest('hex');
    return `unknown:${hash.slice(0, 12)}`;
  };

  return {
    /** Records one event; in `q`'s transaction when given (with the change it reports). */
    async record(event: SecurityEventInit, q: Queryable = db): Promise<void> {
      await q.query(
        `insert into security_events (id, at, kind, username, actor, client_address, user_agent,
           session_id, request_id, detail)
         values ($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          randomUUID(),
          now().toISOString(),
          event.kind,
          // A single sign-on's name holds the provider's subject, up to 255 characters.
          clip(event.username, 300),
          clip(event.actor, 100),
          clip(event.clientAddress, 100),
          clip(event.userAgent, 300),
          event.sessionId ?? null,
          event.requestId,
          clip(event.detail, 500),
        ],
      );
    },

    /**
     * Records a failure of someone not signed in: one row per kind, username, address and
     * minute, whose `count` grows. At most `FAILURE_ROWS_PER_MINUTE` such rows a minute; past
     * that a flood of new names or addresses only counts up one row per kind, `(others)`.
     */
    async recordFailure(event: FailureInit): Promise<void> {
      const at = now();
      const bucket = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
      const upsert = (username: string, address: string, capped: boolean) =>
        db.query(
          `insert into security_events (id, at, kind, username, client_address, user_agent,
             request_id, detail, count, bucket)
           select $1, $2::timestamptz, $3, $4, $5, $6, $7, $8, 1, $9::timestamptz
           where not $10::boolean
             or exists (select 1 from security_events where kind = $3 and username = $4
                        and client_address = $5 and bucket = $9::timestamptz)
             or (select count(*) from security_events where bucket = $9::timestamptz) < $11
           on conflict (kind, username, client_address, bucket) where bucket is not null
           do update set count = security_events.count + 1, at = excluded.at,
             request_id = excluded.request_id
           returning id`,
          [
            randomUUID(),
            at.toISOString(),
            event.kind,
            username,
            address,
            clip(event.userAgent, 300),
            event.requestId,
            clip(event.detail, 500),
            bucket,
            capped,
            FAILURE_ROWS_PER_MINUTE,
          ],
        );
      const username = await shown(event.username, event.known);
      const rows = await upsert(username, clip(event.clientAddress, 100) ?? 'unknown', true);
      if (rows.length === 0) await upsert('(others)', '(others)', false);
    },

    /** Newest first; `next_cursor` continues after the last row. */
    async list(
      filter: SecurityEventFilter,
      limit: number,
    ): Promise<{ items: SecurityEvent[]; next_cursor: string | null }> {
      const where: string[] = [];
      const params: SqlParam[] = [];
      const add = (sql: string, value: SqlParam) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (filter.kind) add('kind = ?', filter.kind);
      if (filter.username) add('username = ?', filter.username);
      if (filter.before !== undefined) add('seq < ?', filter.before);
      params.push(limit + 1);
      const rows = await db.query<Row>(
        `select * from security_events ${where.length ? `where ${where.join(' and ')}` : ''}
         order by seq desc limit $${params.length}`,
        params,
      );
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      return {
        items: page.map(toEvent),
        next_cursor: more ? String(page[page.length - 1]!.seq) : null,
      };
    },
  };
}

function toEvent(row: Row): SecurityEvent {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    username: row.username,
    actor: row.actor,
    client_address: row.client_address,
    user_agent: row.user_agent,
    session_id: row.session_id,
    request_id: row.request_id,
    detail: row.detail,
    count: Number(row.count),
  };
}

export type SecurityEventStore = ReturnType<typeof createSecurityEventStore>;
