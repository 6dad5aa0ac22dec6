import { createHash, randomUUID } from 'node:crypto';
import type { JournalEntry, JournalState } from '@console/schemas';
import type { Db, Queryable } from '../db/db';
import {
  buildJournalFilter,
  decodeCursor,
  encodeCursor,
  type JournalFilter,
} from './journal-query';

/** What the send pipeline knows before sending. */
export interface NewJournalEntry {
  operation: string;
  operator: string;
  operator_name: string;
  ref_id: string | null;
  method: string;
  request_path: string;
  /** The exact text that will be sent. */
  request_body: string;
  request_id: string;
}

/** The outcome of one send (which may hold several HTTP attempts). */
export interface JournalOutcome {
  state: Extract<JournalState, 'SUCCEEDED' | 'REJECTED' | 'UNKNOWN'>;
  attempts: number;
  response_status: number | null;
  response: unknown;
  error: string | null;
}

const COLUMNS = `id, seq::text as position, operation, operator, operator_name, ref_id, state, method,
  request_path, request_body, body_sha256, attempts, response_status, response, error, request_id,
  created_at, updated_at`;

type Row = Omit<JournalEntry, 'created_at' | 'updated_at'> & {
  position: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toEntry(row: Row): JournalEntry {
  return {
    id: row.id,
    operation: row.operation,
    operator: row.operator,
    operator_name: row.operator_name,
    ref_id: row.ref_id,
    state: row.state,
    method: row.method,
    request_path: row.request_path,
    request_body: row.request_body,
    body_sha256: row.body_sha256,
    attempts: Number(row.attempts),
    response_status: row.response_status === null ? null : Number(row.response_status),
    response: row.response ?? null,
    error: row.error,
    request_id: row.request_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** SHA-256 of the body's UTF-8 bytes, hex: what the journal, approvals and audits compare. */
export function bodySha256(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

/**
 * The journal's storage. Every state change is one conditional UPDATE, so that two actors (a
 * retry and the start-up resolver, or two approvals later) cannot both move the same entry.
 */
export function createJournalStore(db: Db, now: () => Date = () => new Date()) {
  const one = async (q: Queryable, sql: string, params: unknown[]) => {
    const rows = await q.query<Row>(sql, params);
    return rows[0] ? toEntry(rows[0]) : undefined;
  };

  async function listInState(state: JournalState): Promise<JournalEntry[]> {
    const rows = await db.query<Row>(
      `select ${COLUMNS} from journal_entries where state = $1 order by seq`,
      [state],
    );
    return rows.map(toEntry);
  }

  return {
    /** Writes a new entry in SENDING (or another initial state) and returns it. */
    async create(
      entry: NewJournalEntry,
      state: JournalState = 'SENDING',
      q: Queryable = db,
    ): Promise<JournalEntry> {
      const at = now().toISOString();
      const created = await one(
        q,
        `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
           request_path, request_body, body_sha256, request_id, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12::timestamptz)
         returning ${COLUMNS}`,
        [
          randomUUID(),
          entry.operation,
          entry.operator,
          entry.operator_name,
          entry.ref_id,
          state,
          entry.method,
          entry.request_path,
          entry.request_body,
          bodySha256(entry.request_body),
          entry.request_id,
          at,
        ],
      );
      return created!;
    },

    /**
     * Moves an entry from one of `from` to SENDING before a new attempt; undefined when it is not
     * in one of those states any more (someone else is sending it, or it was resolved).
     */
    async claim(id: string, from: JournalState[], requestId: string) {
      return one(
        db,
        `update journal_entries set state = 'SENDING', request_id = $3, updated_at = $4::timestamptz,
           last_sent_at = $4::timestamptz
         where id = $1 and state = any($2::text[]) returning ${COLUMNS}`,
        [id, from, requestId, now().toISOString()],
      );
    },

    /**
     * Moves an entry from one of `from` to `to` (the approval states), recording why in `error`;
     * undefined when it is not in one of those states any more: the guard of every transition.
     */
    async move(
      id: string,
      from: JournalState[],
      to: JournalState,
      error: string | null,
      q: Queryable = db,
    ): Promise<JournalEntry | undefined> {
      return one(
        q,
        `update journal_entries set state = $3, error = coalesce($4, error), updated_at = $5::timestamptz
         where id = $1 and state = any($2::text[]) returning ${COLUMNS}`,
        [id, from, to, error, now().toISOString()],
      );
    },

    /** Records the outcome of a send of an entry that is SENDING. */
    async recordOutcome(id: string, outcome: JournalOutcome): Promise<JournalEntry | undefined> {
      const at = now().toISOString();
      return one(
        db,
        `update journal_entries set state = $2, attempts = attempts + $3, response_status = $4,
           response = $5::text::jsonb, error = $6, updated_at = $7::timestamptz,
           last_answered_at = $7::timestamptz
         where id = $1 and state = 'SENDING' returning ${COLUMNS}`,
        [
          id,
          outcome.state,
          outcome.attempts,
          outcome.response_status,
          outcome.response === undefined || outcome.response === null
            ? null
            : JSON.stringify(outcome.response),
          outcome.error,
          at,
        ],
      );
    },

    async get(id: string): Promise<JournalEntry | undefined> {
      return one(db, `select ${COLUMNS} from journal_entries where id = $1`, [id]);
    },

    /** Entries left SENDING by a process that died mid-send, oldest first. */
    listSending: () => listInState('SENDING'),

    /** Every entry in one state, oldest first (start-up resolves SENDING and APPROVED ones). */
    listInState,

    /** One page, newest first; `next_cursor` continues after its last entry. */
    async list(filter: JournalFilter, limit = 50) {
      const { where, params } = buildJournalFilter(filter);
      const after = filter.cursor ? decodeCursor(filter.cursor) : undefined;
      if (after !== undefined) {
        params.push(after);
        where.push(`seq < $${params.length}::bigint`);
      }
      params.push(limit + 1);
      const rows = await db.query<Row>(
        `select ${COLUMNS} from journal_entries
         ${where.length ? `where ${where.join(' and ')}` : ''}
         order by seq desc limit $${params.length}`,
        params,
      );
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return {
        items: items.map(toEntry),
        next_cursor: rows.length > limit && last ? encodeCursor(last.position) : null,
      };
    },

    /** Answers when the database does: the readiness check. */
    async ping(): Promise<void> {
      await db.query('select 1');
    },
  };
}

export type JournalStore = ReturnType<typeof createJournalStore>;
