/**
 * Reads of reconciliation for its page (issue 40): a run and the newest runs as the browser is
 * sent them, and the journal's side of a difference.
 */
import type { ReconDifferenceDetail, ReconRun } from '@console/schemas';
import { utcText, type Queryable } from '../db/db';

const RUN_COLUMNS = `id::text as id, ${utcText('period_from')} as "from", ${utcText('period_to')} as "to",
  started_by, state, reads, found, opened, closed, matched, error, ${utcText('started_at')} as started_at,
  ${utcText('finished_at')} as finished_at`;

/** One run as the browser is sent it. */
export async function readRun(q: Queryable, id: string): Promise<ReconRun | undefined> {
  const [run] = await q.query<ReconRun>(`select ${RUN_COLUMNS} from recon_runs where id = $1`, [
    id,
  ]);
  return run;
}

/** The newest `limit` runs, newest first. */
export function recentRuns(q: Queryable, limit: number): Promise<ReconRun[]> {
  return q.query<ReconRun>(
    `select ${RUN_COLUMNS} from recon_runs order by started_at desc limit $1`,
    [limit],
  );
}

/**
 * The journal's side of a difference, as stored: `request_body` is the text that was sent, for
 * the route to parse and mask by role.
 */
export async function journalSide(
  q: Queryable,
  journalId: string,
): Promise<NonNullable<ReconDifferenceDetail['journal']> | undefined> {
  const [entry] = await q.query<NonNullable<ReconDifferenceDetail['journal']>>(
    `select id, operation, state, operator, ${utcText('created_at')} as created_at,
       request_body, response from journal_entries where id = $1`,
    [journalId],
  );
  return entry;
}
