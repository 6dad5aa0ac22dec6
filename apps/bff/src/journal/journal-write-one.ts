/**
 * The journal's single-row statements: one new entry, and one outcome onto an entry where a
 * condition holds. A send alone is written by these (cheaper to plan than the multi-row forms of
 * `journal-writes.ts`), an approval hold in its caller's transaction, and a late outcome with its
 * own condition.
 */
import { randomUUID } from 'node:crypto';
import type { JournalEntry, JournalState } from '@console/schemas';
import type { Db, Queryable, SqlParam } from '../db/db';
import { LEASE } from './journal-leases';
import {
  bodySha256,
  COLUMNS,
  E_COLUMNS,
  estimateText,
  responseColumns,
  toEntry,
  type JournalOutcome,
  type NewJournalEntry,
  type Row,
} from './journal-row';

const UNIQUE_VIOLATION = '23505';

/** The first row a statement returns, as an entry. */
export async function one(
  q: Queryable,
  sql: string,
  params: SqlParam[],
): Promise<JournalEntry | undefined> {
  const rows = await q.query<Row>(sql, params);
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/** The statements of the store of `owner`, whose leases last `leaseMs`. */
export function createSingleWrites(
  db: Db,
  { owner, leaseMs, now }: { owner: string; leaseMs: number; now: () => Date },
) {
  /** One outcome onto the entry where `condition` holds; the same intent's second success is a DUPLICATE. */
  async function applyOutcome(id: string, outcome: JournalOutcome, condition: string) {
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
      owner,
    ];
    const set = (row: string) => `attempts = ${row}attempts + $3, response_status = $4,
      response = $5::text::jsonb, response_text = $8, updated_at = $7::timestamptz,
      last_answered_at = $7::timestamptz, owner = null, lease_until = null`;
    try {
      return await one(
        db,
        `update journal_entries set state = $2, error = $6, ${set('')}
         where id = $1 and ${condition} returning ${COLUMNS}`,
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
         where e.id = $1 and ${condition.replaceAll(/\b(state|owner|lease_until)\b/g, 'e.$1')}
           and f.operation = e.operation and f.ref_id = e.ref_id and f.state = 'SUCCEEDED'
           and $2::text = 'SUCCEEDED' and $6::text is null
         returning ${E_COLUMNS}`,
        params,
      );
    }
  }

  /** One new entry, by one statement of its own. */
  async function insertOne(q: Queryable, entry: NewJournalEntry, state: JournalState) {
    const created = await one(
      q,
      `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
         request_path, request_body, body_sha256, request_id, created_at, updated_at, owner,
         lease_until, policy_version, market_estimate)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12::timestamptz,
         $13, case when $13::text is not null then ${LEASE('$14')} end, $15::integer, $16::text)
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
        now().toISOString(),
        state === 'SENDING' ? owner : null,
        leaseMs,
        entry.policy_version ?? null,
        estimateText(entry),
      ],
    );
    return created!;
  }

  return { applyOutcome, insertOne };
}
