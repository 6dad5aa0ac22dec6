import type { JournalState } from '@console/schemas';
import type { SqlParam } from '../db/db';

/** Filters of a journal listing. Times are instants; `to` is exclusive. */
export interface JournalFilter {
  operation?: string | undefined;
  state?: JournalState | undefined;
  operator?: string | undefined;
  ref_id?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: string | undefined;
}

/** The WHERE clauses and their parameters for a filter (values are always parameters). */
export function buildJournalFilter(filter: JournalFilter): { where: string[]; params: SqlParam[] } {
  const where: string[] = [];
  const params: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    params.push(value);
    where.push(clause(params.length));
  };
  if (filter.operation) add((n) => `operation = $${n}`, filter.operation);
  if (filter.state) add((n) => `state = $${n}`, filter.state);
  if (filter.operator) add((n) => `operator = $${n}`, filter.operator);
  if (filter.ref_id) add((n) => `ref_id = $${n}`, filter.ref_id);
  if (filter.from) add((n) => `created_at >= $${n}::timestamptz`, filter.from.toISOString());
  if (filter.to) add((n) => `created_at < $${n}::timestamptz`, filter.to.toISOString());
  return { where, params };
}

/** An opaque cursor: the position after which the next page starts. */
export function encodeCursor(seq: string): string {
  return Buffer.from(`j1:${seq}`, 'utf8').toString('base64url');
}

/** The position of a cursor; throws `InvalidCursorError` for anything this BFF did not issue. */
export function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^j1:([0-9]{1,18})$/.exec(text);
  if (!match?.[1]) throw new InvalidCursorError();
  return match[1];
}

export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
  constructor() {
    super('The cursor is not valid; start again from the first page');
  }
}
