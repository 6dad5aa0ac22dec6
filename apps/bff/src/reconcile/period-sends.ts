/**
 * The journal's side of a reconciliation period (issue 40): the sends of the operations it
 * reconciles that reached the service or may have (SUCCEEDED, REJECTED, UNKNOWN), with a
 * `ref_id`, made in the period, in the order they were journaled.
 */
import { utcText, type Queryable } from '../db/db';
import { RECONCILED } from './match-checks';
import type { JournalSend } from './match-types';

/** The sends of `[from, to)`. */
export async function periodSends(db: Queryable, from: string, to: string): Promise<JournalSend[]> {
  const rows = await db.query<{
    journal_id: string;
    operation: string;
    state: string;
    ref_id: string;
    request_path: string;
    request_body: string;
    response: Record<string, unknown> | null;
    created_at: string;
  }>(
    `select id as journal_id, operation, state, ref_id, request_path, request_body, response,
       ${utcText('created_at')} as created_at
     from journal_entries
     where operation = any($1::text[]) and state in ('SUCCEEDED', 'REJECTED', 'UNKNOWN')
       and ref_id is not null and created_at >= $2 and created_at < $3
     order by seq`,
    [Object.keys(RECONCILED), from, to],
  );
  return rows.map(({ request_body, response, ...row }) => ({
    ...row,
    body: parseObject(request_body),
    response: response && typeof response === 'object' ? response : null,
  }));
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
