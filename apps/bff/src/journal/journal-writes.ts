/**
 * The two writes of every send, batched (`db/batcher.ts`): the entry in SENDING before the
 * request leaves, and its outcome after the answer. Sends that come together share one
 * multi-row statement and one commit; each caller is answered with its own row, only once the
 * statement committed, so an entry is as durable before its request leaves as when it was
 * written alone. On PGlite a statement's own cost (parse, plan, the trip into WebAssembly) was
 * most of a write's; on PostgreSQL a commit waits for a WAL flush.
 */
import { randomUUID } from 'node:crypto';
import type { JournalEntry, JournalState } from '@console/schemas';
import { createBatcher } from '../db/batcher';
import type { Db } from '../db/db';
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

export interface JournalWritesOptions {
  /** The lease owner of this process: an entry written in SENDING is its to send. */
  owner: string;
  leaseMs: number;
  now: () => Date;
  /** One entry written by a statement of its own: a batch of one, or a batch that failed. */
  insertAlone: (entry: NewJournalEntry, state: JournalState) => Promise<JournalEntry>;
  /** One outcome written by a statement of its own (see `recordOutcome`): the same. */
  outcomeAlone: (id: string, outcome: JournalOutcome) => Promise<JournalEntry | undefined>;
}

interface NewRow {
  entry: NewJournalEntry;
  state: JournalState;
}

interface OutcomeItem {
  id: string;
  outcome: JournalOutcome;
}

export function createJournalWrites(db: Db, options: JournalWritesOptions) {
  const { owner, leaseMs, now } = options;

  async function insertRows(items: NewRow[]): Promise<JournalEntry[]> {
    const at = now().toISOString();
    const ids = items.map(() => randomUUID());
    const column = <T>(pick: (item: NewRow) => T) => items.map(pick);
    const rows = await db.query<Row>(
      `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
         request_path, request_body, body_sha256, request_id, created_at, updated_at, owner,
         lease_until, policy_version, market_estimate)
       select u.id, u.operation, u.operator, u.operator_name, u.ref_id, u.state, u.method,
         u.request_path, u.request_body, u.body_sha256, u.request_id, $12::timestamptz,
         $12::timestamptz, u.owner, case when u.owner is not null then ${LEASE('$13')} end,
         u.policy_version, u.market_estimate
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $14::text[],
         $15::integer[], $16::text[])
         as u(id, operation, operator, operator_name, ref_id, state, method, request_path,
           request_body, request_id, body_sha256, owner, policy_version, market_estimate)
       returning ${COLUMNS}`,
      [
        ids,
        column((i) => i.entry.operation),
        column((i) => i.entry.operator),
        column((i) => i.entry.operator_name),
        column((i) => i.entry.ref_id),
        column((i) => i.state),
        column((i) => i.entry.method),
        column((i) => i.entry.request_path),
        column((i) => i.entry.request_body),
        column((i) => i.entry.request_id),
        column((i) => bodySha256(i.entry.request_body)),
        at,
        leaseMs,
        column((i) => (i.state === 'SENDING' ? owner : null)),
        column((i) => i.entry.policy_version ?? null),
        column((i) => estimateText(i.entry)),
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => toEntry(byId.get(id)!));
  }

  /**
   * Outcomes of distinct entries in one UPDATE: each lands where the entry is SENDING and this
   * process holds it (or nobody does), and a success lands whoever holds it, as `recordOutcome`
   * says; those that did not land answer undefined.
   */
  async function updateRows(items: OutcomeItem[]): Promise<(JournalEntry | undefined)[]> {
    const at = now().toISOString();
    // Rows offered in id order, the order the lease renewal (`id = any(…)`) locks them in, so
    // that two statements on the same rows mostly wait for each other instead of deadlocking; a
    // deadlock the plan still meets is retried row by row by the batcher.
    const columns = items
      .map((item) => ({ ...item, ...responseColumns(item.outcome) }))
      .sort((a, b) => a.id.localeCompare(b.id));
    const rows = await db.query<Row>(
      `update journal_entries e set state = v.state, error = v.error,
         attempts = e.attempts + v.attempts, response_status = v.response_status,
         response = v.response::jsonb, response_text = v.response_text,
         updated_at = $8::timestamptz, last_answered_at = $8::timestamptz,
         owner = null, lease_until = null
       from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[],
         $7::text[]) as v(id, state, attempts, response_status, response, error, response_text)
       where e.id = v.id and e.state = 'SENDING'
         and (e.owner is null or e.owner = $9 or v.state = 'SUCCEEDED')
       returning ${E_COLUMNS}`,
      [
        columns.map((c) => c.id),
        columns.map((c) => c.outcome.state),
        columns.map((c) => c.outcome.attempts),
        columns.map((c) => c.outcome.response_status),
        columns.map((c) => c.json),
        columns.map((c) => c.outcome.error),
        columns.map((c) => c.text),
        at,
        owner,
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, toEntry(row)]));
    return items.map((item) => byId.get(item.id));
  }

  const insertAlone = (item: NewRow) => options.insertAlone(item.entry, item.state);
  const inserts = createBatcher<NewRow, JournalEntry>({
    concurrency: db.writeConcurrency,
    run: async (items) => (items.length === 1 ? [await insertAlone(items[0]!)] : insertRows(items)),
    alone: insertAlone,
  });

  const outcomes = createBatcher<OutcomeItem, JournalEntry | undefined>({
    concurrency: db.writeConcurrency,
    async run(items) {
      if (items.length === 1) return [await options.outcomeAlone(items[0]!.id, items[0]!.outcome)];
      // One UPDATE cannot apply two outcomes to one row: the first of each entry goes in it,
      // the others after it, one by one, in the order they came.
      const seen = new Set<string>();
      const first = items.filter((item) => !seen.has(item.id) && seen.add(item.id));
      const written = new Map(first.map((item, i) => [item, i]));
      const results = await updateRows(first);
      const answers: (JournalEntry | undefined)[] = [];
      for (const item of items) {
        const index = written.get(item);
        answers.push(
          index === undefined ? await options.outcomeAlone(item.id, item.outcome) : results[index],
        );
      }
      return answers;
    },
    // A statement that failed (the second success of one intent meets the one-success index)
    // kept nothing: each outcome again on its own, where that case becomes a DUPLICATE.
    alone: (item) => options.outcomeAlone(item.id, item.outcome),
  });

  return {
    /** Writes a new entry, batched with those of concurrent sends. */
    insert: (entry: NewJournalEntry, state: JournalState) => inserts.add({ entry, state }),
    /** Records an outcome, batched with those of concurrent sends; undefined when it did not land. */
    outcome: (id: string, outcome: JournalOutcome) => outcomes.add({ id, outcome }),
  };
}
