/**
 * The outcome of a console action (issue 37): an operation the console carries out itself in its
 * database instead of sending it, recorded on its journal entry in the transaction that applies
 * it, so that the entry says SUCCEEDED exactly when the change was made. Nothing was sent:
 * no attempt, no status, the record it made (or changed) as the answer.
 */
import type { JournalEntry, JournalState } from '@console/schemas';
import { jsonb, type Queryable } from '../db/db';
import { COLUMNS, toEntry, type Row } from './journal-row';

export interface LocalOutcome {
  state: Extract<JournalState, 'SUCCEEDED'>;
  /** The record the action made or changed. */
  response: unknown;
}

/**
 * Moves an entry from one of `from` to its local outcome, in `q`'s transaction, where no other
 * live process holds it; undefined when it is not in one of those states any more (another
 * process applied it) or another process holds it.
 */
export async function settleLocally(
  q: Queryable,
  id: string,
  from: JournalState[],
  outcome: LocalOutcome,
  owner: string,
  at: Date,
): Promise<JournalEntry | undefined> {
  const text = jsonb(outcome.response);
  const rows = await q.query<Row>(
    `update journal_entries set state = $2, response = $3::text::jsonb, response_text = $3,
       response_status = null, error = null, updated_at = $4::timestamptz,
       last_answered_at = $4::timestamptz, owner = null, lease_until = null
     where id = $1 and state = any($5::text[])
       and (owner is null or owner = $6 or lease_until <= now())
     returning ${COLUMNS}`,
    [id, outcome.state, text, at.toISOString(), from, owner],
  );
  return rows[0] && toEntry(rows[0]);
}
