import { randomUUID } from 'node:crypto';
import type { SecurityEvent, SecurityEventKind } from '@console/schemas';
import type { Db } from '../db/db';

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
  return {
    async record(event: SecurityEventInit): Promise<void> {
      await db.query(
        `insert into security_events (id, at, kind, username, actor, client_address, user_agent,
           session_id, request_id, detail)
         values ($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          randomUUID(),
          now().toISOString(),
          event.kind,
          clip(event.username, 100),
          clip(event.actor, 100),
          clip(event.clientAddress, 100),
          clip(event.userAgent, 300),
          event.sessionId ?? null,
          event.requestId,
          clip(event.detail, 500),
        ],
      );
    },

    /** Newest first; `next_cursor` continues after the last row. */
    async list(
      filter: SecurityEventFilter,
      limit: number,
    ): Promise<{ items: SecurityEvent[]; next_cursor: string | null }> {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
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
  };
}

export type SecurityEventStore = ReturnType<typeof createSecurityEventStore>;
