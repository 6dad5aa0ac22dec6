import { createHash, randomUUID } from 'node:crypto';
import type { JournalEntry, JournalState } from '@console/schemas';
import type { Db, Queryable } from '../db/db';
import { unsafeTextErrors } from '../json-checks';
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
  /** The answer's text as it came, when there was one: kept whatever it holds. */
  response_text?: string | undefined;
  error: string | null;
}

const COLUMN_NAMES = [
  'id',
  'seq::text as position',
  'operation',
  'operator',
  'operator_name',
  'ref_id',
  'state',
  'method',
  'request_path',
  'request_body',
  'body_sha256',
  'attempts',
  'response_status',
  'response',
  'response_text',
  'error',
  'request_id',
  'created_at',
  'updated_at',
  'duplicate_of',
];
/** The columns of a journal entry, for the other modules that read entries. */
export const COLUMNS = COLUMN_NAMES.join(', ');
/** The same, of the row aliased `e` (an UPDATE … FROM). */
const E_COLUMNS = COLUMN_NAMES.map((column) => `e.${column}`).join(', ');

export type Row = Omit<JournalEntry, 'created_at' | 'updated_at'> & {
  position: string;
  response_text: string | null;
  duplicate_of: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toEntry(row: Row): JournalEntry {
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
    response: row.response ?? parsedText(row.response_text),
    error: row.error,
    request_id: row.request_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    duplicate_of: row.duplicate_of,
  };
}

/** An answer kept only as text (PostgreSQL could not hold it as jsonb): parsed here instead. */
function parsedText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The answer for the two columns: its text, always (PostgreSQL text holds anything but a NUL
 * character, which becomes U+FFFD), and as jsonb only when it can be (no `\u0000`, no unpaired
 * surrogate), so that recording what the service said never fails on what it said.
 */
function responseColumns(outcome: JournalOutcome): { json: string | null; text: string | null } {
  const { response } = outcome;
  const json =
    response === undefined || response === null || unsafeTextErrors(response).length > 0
      ? null
      : JSON.stringify(response);
  const raw =
    outcome.response_text ??
    (response === undefined || response === null ? null : JSON.stringify(response));
  return { json, text: raw === null ? null : raw.replaceAll('\u0000', '\ufffd') };
}

const UNIQUE_VIOLATION = '23505';

/** SHA-256 of the body's UTF-8 bytes, hex: what the journal, approvals and audits compare. */
export function bodySha256(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

/**
 * SHA-256 of the whole request (operation, method, path and body, one per line), hex: what an
 * approval binds, so that neither the body nor a path parameter can change after it.
 */
export function requestSha256(entry: {
  operation: string;
  method: string;
  request_path: string;
  request_body: string;
}): string {
  return createHash('sha256')
    .update(
      `${entry.operation}\n${entry.method}\n${entry.request_path}\n${entry.request_body}`,
      'utf8',
    )
    .digest('hex');
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
      const { json, text } = responseColumns(outcome);
      const params = [
        id,
        outcome.state,
        outcome.attempts,
        outcome.response_status,
        json,
        outcome.error,
        at,
        text,
      ];
      const set = (row: string) => `attempts = ${row}attempts + $3, response_status = $4,
        response = $5::text::jsonb, response_text = $8, updated_at = $7::timestamptz,
        last_answered_at = $7::timestamptz`;
      try {
        return await one(
          db,
          `update journal_entries set state = $2, error = $6, ${set('')}
           where id = $1 and state = 'SENDING' returning ${COLUMNS}`,
          params,
        );
      } catch (error) {
        if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
        // Another entry of this operation and ref_id already SUCCEEDED: this one is the same
        // intent, not a second success.
        return one(
          db,
          `update journal_entries e set state = 'DUPLICATE', ${set('e.')},
             duplicate_of = f.id,
             error = 'The same intent as entry ' || f.id || ', which succeeded: nothing new happened.'
           from journal_entries f
           where e.id = $1 and e.state = 'SENDING' and f.operation = e.operation
             and f.ref_id = e.ref_id and f.state = 'SUCCEEDED' and $2::text = 'SUCCEEDED'
             and $6::text is null
           returning ${E_COLUMNS}`,
          params,
        );
      }
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
