/**
 * Binding (issue 57, ADR 022): the live rows compared with the audit trail. The chains prove only
 * themselves; an attacker with the database could change a row (an amount in a request body, an
 * operator, an approver) or delete it and the chains would still verify. Here every row of every
 * chained table is compared with the latest chained record of its subject: a value that differs
 * is `changed` (table, row, column and the record it contradicts), a subject the chain names but
 * the table lacks is `deleted`, and a row no record names is `forged`.
 *
 * A subject whose latest change is still pending (written by its change, not sealed yet:
 * `audit-sealer.ts`) is compared with that pending record: not reported for being pending, and
 * a row edited after its change still disagrees with it.
 *
 * Set-based on purpose: one statement per table, a join of its rows with the latest record of
 * each subject, returning only the rows that disagree. A query per row would make
 * 100,000 entries 100,000 round trips.
 *
 * Only the columns that a record is written for whenever they change are compared. A journal
 * entry's `attempts`, `error`, `response_status` and `updated_at` can change without its state
 * changing (a lease renewed, an UNKNOWN answered UNKNOWN again) and so without a record: comparing
 * them would report the console's own writes. What operators read of an entry beyond those (the
 * request body, its amounts) is bound through `body_sha256`, recomputed from the stored bytes
 * exactly as `bodySha256` hashes them when the entry is journaled (UTF-8 of the text).
 */
import type { Queryable } from '../db/db';
import type { AuditChain } from './audit-checkpoint';
import { BINDINGS, type Binding, type Column } from './audit-binding-table';

export { BINDINGS };

export type BindingKind = 'changed' | 'deleted' | 'forged';

export interface BindingFinding {
  kind: BindingKind;
  table: string;
  /** The row's id (a journal entry's id, an event's id, `policy-N`, `batch/approver`). */
  id: string;
  /** The column whose value the record contradicts (`changed` only). */
  column: string | null;
  /**
   * The record the row contradicts or that names the deleted row; null for a forged row.
   * `pending`: a record not sealed yet (position 0), compared all the same (issue 57).
   */
  record: { chain: AuditChain; position: number; pending?: true } | null;
}

export interface BindingReport {
  ok: boolean;
  /** Rows compared, all tables. */
  rows: number;
  findings: BindingFinding[];
}

/** At most this many disagreeing rows are read per table: enough to locate, bounded in memory. */
export const FINDINGS_PER_TABLE = 1000;

/**
 * The latest sealed record of each subject, with its content parsed (`k`, `position`, `c`).
 * Parsing a record's JSON is most of binding's cost (PGlite parses in WebAssembly), and most
 * records are not their subject's latest (a journal entry has two or more): when the key is a
 * column, the latest position per subject is found from the columns alone (a narrow aggregate,
 * not a sort of every parsed record, which spilled to disk on PGlite's 1 MB of work memory)
 * and only those records are parsed. A key read from the content needs every record parsed.
 */
function newestSql(b: Binding): string {
  const kinds = `chain = $1 and kind = any($2::text[])`;
  if (b.keyInContent) {
    return `select distinct on (k) k, position, c from (
        select ${b.recordKey} as k, position, c from (
          select subject, position, content::jsonb as c from audit_records where ${kinds}) r) s
      order by k, position desc`;
  }
  return `select n.k, r.position, r.content::jsonb as c from (
      select ${b.recordKey} as k, max(position) as position from audit_records
      where ${kinds} group by 1) n
    join audit_records r on r.chain = $1 and r.position = n.position`;
}

function bindingSql(b: Binding): string {
  const recorded = (c: Column) =>
    b.partial
      ? `case when l.k is null then ${b.partial.absent[c.column] ?? 'null'} else l.c->>'${c.field}' end`
      : `l.c->>'${c.field}'`;
  const differs = (c: Column, i: number) => `t.v${i} is distinct from ${recorded(c)}`;
  // A subject with a pending record is compared with its latest pending one (issue 57).
  return `
    with pending as (
      select distinct on (k) k, c from (
        select ${b.recordKey} as k, id, c from (
          select subject, id, (content_head || '0' || content_tail)::jsonb as c
          from audit_pending where chain = $1 and kind = any($2::text[])) p) s
      order by k, id desc),
    newest as (${newestSql(b)}),
    latest as (
      select k, null::bigint as position, true as pending, c from pending
      union all
      select k, position, false, c from newest n
      where not exists (select 1 from pending p where p.k = n.k)),
    live as (
      select ${b.rowKey} as k, ${b.columns.map((c, i) => `${c.row} as v${i}`).join(', ')}
      from ${b.table})
    select coalesce(t.k, l.k) as id, l.position::text as position, l.pending,
      t.k is null as deleted, l.k is null as forged,
      ${b.columns.map((c, i) => `${differs(c, i)} as d${i}`).join(', ')}
    from live t ${b.partial ? 'left' : 'full'} join latest l on l.k = t.k
    where ${b.partial ? '' : 't.k is null or l.k is null or '}${b.columns.map(differs).join(' or ')}
    order by 1 limit ${FINDINGS_PER_TABLE}`;
}

type BindingRow = Record<string, unknown> & {
  id: string;
  position: string | null;
  deleted: boolean;
  forged: boolean;
  pending: boolean | null;
};

/** The rows of one table that disagree with the trail, as findings. */
async function bindTable(db: Queryable, b: Binding): Promise<BindingFinding[]> {
  const rows = await db.query<BindingRow>(bindingSql(b), [b.chain, b.kinds]);
  return rows.flatMap((row): BindingFinding[] => {
    const record = row.pending
      ? { chain: b.chain, position: 0, pending: true as const }
      : row.position === null
        ? null
        : { chain: b.chain, position: Number(row.position) };
    const base = { table: b.table, id: row.id, record };
    if (row.deleted) return [{ ...base, kind: 'deleted', column: null }];
    if (row.forged) return [{ ...base, kind: 'forged', column: null, record: null }];
    return b.columns
      .filter((_, i) => row[`d${i}`] === true)
      .map((c) => ({ ...base, kind: 'changed', column: c.column }));
  });
}

/**
 * Compares every chained table with the trail. Run after the chains verify: the records it
 * reads are trusted only as far as their chain is.
 *
 * @example
 * const { ok, findings } = await verifyBinding(db);
 */
export async function verifyBinding(db: Queryable): Promise<BindingReport> {
  const findings: BindingFinding[] = [];
  for (const b of BINDINGS) findings.push(...(await bindTable(db, b)));
  const tables = [...new Set(BINDINGS.map((b) => b.table))];
  const [counted] = await db.query<{ rows: string }>(
    `select (${tables.map((t) => `(select count(*) from ${t})`).join(' + ')})::text as rows`,
  );
  return { ok: findings.length === 0, rows: Number(counted?.rows ?? 0), findings };
}
