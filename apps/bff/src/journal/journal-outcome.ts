/**
 * A second outcome for one entry: two processes may both report one (a process whose lease was
 * taken over gets its answer after all). The same outcome again is nothing new; one at odds with
 * the entry's is kept beside it, never a failure of the request that reported it.
 */
import type { JournalEntry } from '@console/schemas';
import type { Queryable } from '../db/db';
import { COLUMNS, responseColumns, toEntry, type JournalOutcome, type Row } from './journal-row';

/**
 * True when `outcome` adds nothing to what `entry` holds: the same state (a DUPLICATE is the
 * success of its intent too), no answer at all (UNKNOWN), or an entry still open (SENDING under
 * another process, whose own outcome will land; UNKNOWN, which a resolver looks at again).
 */
export function settlesNothingNew(entry: JournalEntry, outcome: JournalOutcome): boolean {
  if (outcome.state === 'UNKNOWN') return true;
  if (entry.state === 'SENDING' || entry.state === 'UNKNOWN') return true;
  if (entry.state === outcome.state) return true;
  return entry.state === 'DUPLICATE' && outcome.state === 'SUCCEEDED';
}

/**
 * Keeps an outcome at odds with the entry's in its history and counts it on the entry, in one
 * statement; the entry after it.
 */
export async function recordConflict(
  db: Queryable,
  id: string,
  outcome: JournalOutcome,
  reportedBy: string,
): Promise<JournalEntry | undefined> {
  const { text } = responseColumns(outcome);
  const rows = await db.query<Row>(
    `with kept as (
       insert into journal_outcome_conflicts (journal_id, state, response_status, response_text,
         error, reported_by)
       values ($1, $2, $3, $4, $5, $6) returning journal_id)
     update journal_entries set outcome_conflicts = outcome_conflicts + 1
     where id = (select journal_id from kept) returning ${COLUMNS}`,
    [id, outcome.state, outcome.response_status, text, outcome.error, reportedBy],
  );
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/** An outcome kept beside an entry's own, as operators see it. */
export interface ConflictingOutcome {
  at: string;
  state: string;
  response_status: number | null;
  error: string | null;
}

/** The outcomes kept beside an entry's own, oldest first. */
export async function conflictingOutcomes(
  db: Queryable,
  id: string,
): Promise<ConflictingOutcome[]> {
  const rows = await db.query<{
    at: Date | string;
    state: string;
    response_status: number | string | null;
    error: string | null;
  }>(
    `select at, state, response_status, error from journal_outcome_conflicts
     where journal_id = $1 order by id`,
    [id],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    state: row.state,
    response_status: row.response_status === null ? null : Number(row.response_status),
    error: row.error,
  }));
}
