/**
 * Batches as the routes, the sender and the notifications read them (issue 39): a batch with its
 * approvals, its rows' counts by state, the changes against the newest earlier batch of its file
 * and the rows it repeats, and its rows a page at a time. A row's state is read from its journal
 * entry once it has one.
 */
import {
  BATCH_ROW_STATES,
  type Batch,
  type BatchChanges,
  type BatchCounts,
  type BatchMapping,
  type BatchOperation,
  type BatchRow,
  type BatchRowState,
  type BatchState,
  type Role,
} from '@console/schemas';
import { jsonb, utcText, type Db, type Queryable, type SqlParam } from '../db/db';
import { progressOf, type StoredRequirement } from './batch-requirements';
import { repeatedRows } from './batch-repeats';
import { ROW_STATE } from './batch-row-state';

/** Why a row failed or is unknown, in words; null for the others. */
const ROW_ERROR = `case
  when r.error is not null then r.error
  when e.state in ('REJECTED', 'UNKNOWN') then coalesce(e.error,
    e.response #>> '{error,message}', e.response ->> 'message', e.response ->> 'detail',
    case when e.response_status is not null then 'the service answered ' || e.response_status end)
end`;

const ROW_FROM = `batch_rows r join batches b on b.id = r.batch_id
  left join journal_entries e on e.id = r.journal_id`;

const ROW_COLUMNS = `r.row_no as row, ${ROW_STATE} as state, r.cells, r.body, r.ref_id, r.journal_id,
  case when e.state in ('SUCCEEDED', 'DUPLICATE') then e.response ->> 'id' end as service_id,
  ${ROW_ERROR} as error`;

const BATCH_COLUMNS = `b.id::text as id, b.operation, b.file_name, b.state, b.created_by,
  b.created_by_name,
  ${utcText('b.created_at')} as created_at, b.rows_hash, b.row_count, b.totals, b.by_destination,
  b.largest, b.approvals_required, b.approver_roles, b.requirements, b.policy_version,
  b.rejected_by,
  b.cancelled_by, b.reason, b.waiting_for, ${utcText('b.updated_at')} as updated_at,
  coalesce((select json_agg(json_build_object('by', a.approver, 'name', a.approver_name,
    'at', ${utcText('a.at')})
    order by a.at) from batch_approvals a where a.batch_id = b.id), '[]'::json) as approvals,
  coalesce((select json_agg(a.role) from batch_approvals a where a.batch_id = b.id),
    '[]'::json) as approval_roles`;

interface BatchRecord extends Omit<Batch, 'counts' | 'changes' | 'rejected_by' | 'requirements'> {
  rejected_by: string | null;
  cancelled_by: string | null;
  requirements: StoredRequirement[];
  /** The roles its approvers held when they approved: what its requirements count. */
  approval_roles: Role[];
}

/** A batch as the sender and the routes read it, besides its contract shape. */
export interface StoredBatch extends Batch {
  columns: string[];
  mapping: BatchMapping;
}

/** A batch's requirements; one stored before they were kept has the one it was decided with. */
function requirementsOf(record: BatchRecord): StoredRequirement[] {
  if (record.requirements.length > 0) return record.requirements;
  return [
    {
      approvals_required: record.approvals_required,
      approver_roles: record.approver_roles,
      escalation: null,
      asked_by: 'every row',
    },
  ];
}

const emptyCounts = (): BatchCounts =>
  Object.fromEntries(BATCH_ROW_STATES.map((state) => [state, 0])) as BatchCounts;

/** What the rows page may ask: an offset, a limit, a text and a state. */
export interface RowQuery {
  offset?: number | undefined;
  limit?: number | undefined;
  q?: string | undefined;
  /**
   * The columns `q` searches besides ref_id; all when absent. A role that sees some cells masked
   * searches only the ones it sees whole: a search is no way to read a masked cell.
   */
  searchColumns?: readonly string[] | undefined;
  state?: BatchRowState | undefined;
}

/** The reads of batches, `repeatDays` back for the rows a batch repeats. */
export function createBatchReads(db: Db, repeatDays: number) {
  /**
   * What changed between the rows an earlier batch of the same file kept to send and this one's,
   * by row number and mapped cells. A row left out at upload keeps nothing to compare
   * (batch-kept.ts): on either side it counts as absent.
   */
  async function changesOf(
    q: Queryable,
    batch: { id: string; operation: string; file_name: string; created_at: string },
  ): Promise<BatchChanges | null> {
    const [earlier] = await q.query<{ id: string; state: BatchState }>(
      `select id::text as id, state from batches
       where operation = $1 and file_name = $2 and id <> $3::uuid
         and created_at <= $4::timestamptz
       order by created_at desc, id desc limit 1`,
      [batch.operation, batch.file_name, batch.id, batch.created_at],
    );
    if (!earlier) return null;
    const rows = await q.query<{ kind: 'added' | 'removed' | 'changed'; row: number }>(
      `select case when o.row_no is null then 'added' when n.row_no is null then 'removed'
         else 'changed' end as kind, coalesce(n.row_no, o.row_no) as row
       from (select row_no, cells from batch_rows where batch_id = $1::uuid and not excluded) n
       full join (select row_no, cells from batch_rows where batch_id = $2::uuid and not excluded) o
         on o.row_no = n.row_no
       where o.row_no is null or n.row_no is null or o.cells <> n.cells
       order by 2`,
      [batch.id, earlier.id],
    );
    const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.row));
    return {
      earlier_batch_id: earlier.id,
      earlier_state: earlier.state,
      added: of('added'),
      removed: of('removed'),
      changed: of('changed'),
    };
  }

  async function countsOf(q: Queryable, ids: string[]): Promise<Map<string, BatchCounts>> {
    const rows = await q.query<{ batch_id: string; state: BatchRowState; n: number | string }>(
      `select r.batch_id::text as batch_id, ${ROW_STATE} as state, count(*) as n
       from ${ROW_FROM} where r.batch_id = any($1::uuid[]) group by 1, 2`,
      [ids],
    );
    const counts = new Map<string, BatchCounts>();
    for (const id of ids) counts.set(id, emptyCounts());
    for (const row of rows) counts.get(row.batch_id)![row.state] = Number(row.n);
    return counts;
  }

  async function read(
    q: Queryable,
    where: string,
    params: SqlParam[],
    options: { changes: boolean; lock?: boolean } = { changes: true },
  ): Promise<StoredBatch[]> {
    const records = await q.query<BatchRecord & { columns: string[]; mapping: BatchMapping }>(
      `select ${BATCH_COLUMNS}, b.columns, b.mapping from batches b
       where ${where}${options.lock ? ' for update' : ''}`,
      params,
    );
    if (records.length === 0) return [];
    const counts = await countsOf(
      q,
      records.map((r) => r.id),
    );
    const out: StoredBatch[] = [];
    for (const record of records) {
      const { cancelled_by, approval_roles, requirements: _stored, ...rest } = record;
      out.push({
        ...rest,
        requirements: requirementsOf(record).map((r) => progressOf(r, approval_roles)),
        // A cancelled batch names who cancelled it where the contract names who rejected it.
        rejected_by: record.rejected_by ?? cancelled_by,
        policy_version: record.policy_version === null ? null : Number(record.policy_version),
        counts: counts.get(record.id)!,
        changes: options.changes ? await changesOf(q, record) : null,
        repeats: options.changes
          ? { days: repeatDays, ...(await repeatedRows(q, record.id, repeatDays)) }
          : null,
      });
    }
    return out;
  }

  const getIn = async (q: Queryable, id: string, lock = false) =>
    (await read(q, 'b.id = $1::uuid', [id], { changes: true, lock }))[0];

  return {
    read,
    /** A batch by id in `q` (locked for update with `lock`), with its changes and repeats. */
    getIn,

    /** The newest batches (without their changes, which only the batch's own page shows). */
    async list(limit = 100): Promise<StoredBatch[]> {
      return read(db, `true order by b.created_at desc, b.id desc limit ${Number(limit)}`, [], {
        changes: false,
      });
    },

    /**
     * The changes a new upload would bring against the newest batch of the same file name and
     * operation: rows compared by number and mapped cells, against the rows that batch kept. A
     * row it left out kept nothing to compare (batch-kept.ts), and was not in what it sent: here
     * it counts as added.
     */
    async changesAgainst(
      operation: BatchOperation,
      fileName: string,
      rows: { row: number; cells: Record<string, string> }[],
    ): Promise<BatchChanges | null> {
      const [earlier] = await db.query<{ id: string; state: BatchState }>(
        `select id::text as id, state from batches where operation = $1 and file_name = $2
         order by created_at desc, id desc limit 1`,
        [operation, fileName],
      );
      if (!earlier) return null;
      const old = await db.query<{ row: number; cells: Record<string, string> }>(
        'select row_no as row, cells from batch_rows where batch_id = $1::uuid and not excluded',
        [earlier.id],
      );
      const before = new Map(old.map((r) => [Number(r.row), canonical(r.cells)]));
      const now = new Set(rows.map((r) => r.row));
      const changes: BatchChanges = {
        earlier_batch_id: earlier.id,
        earlier_state: earlier.state,
        added: [],
        removed: [...before.keys()].filter((row) => !now.has(row)).sort((a, b) => a - b),
        changed: [],
      };
      for (const r of rows) {
        const was = before.get(r.row);
        if (was === undefined) changes.added.push(r.row);
        else if (was !== canonical(r.cells)) changes.changed.push(r.row);
      }
      return changes;
    },

    /** A page of a batch's rows, in row order, searched in cells and ref_id, by state. */
    async rows(id: string, query: RowQuery): Promise<{ items: BatchRow[]; total: number }> {
      const where = ['r.batch_id = $1::uuid'];
      const params: SqlParam[] = [id];
      if (query.q) {
        params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        const like = `$${params.length}`;
        if (query.searchColumns) {
          params.push(jsonb(query.searchColumns));
          where.push(`(r.ref_id ilike ${like} or exists (select 1 from jsonb_each_text(r.cells) c
            where c.key in (select jsonb_array_elements_text($${params.length}::text::jsonb))
            and c.value ilike ${like}))`);
        } else {
          where.push(`(r.cells::text ilike ${like} or r.ref_id ilike ${like})`);
        }
      }
      if (query.state) {
        params.push(query.state);
        where.push(`${ROW_STATE} = $${params.length}`);
      }
      const [count] = await db.query<{ n: number | string }>(
        `select count(*) as n from ${ROW_FROM} where ${where.join(' and ')}`,
        params,
      );
      params.push(query.limit ?? 50, query.offset ?? 0);
      const items = await db.query<BatchRow>(
        `select ${ROW_COLUMNS} from ${ROW_FROM} where ${where.join(' and ')}
         order by r.row_no limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { items: items.map(rowOf), total: Number(count?.n ?? 0) };
    },

    /** Every row of a batch in row order (the results CSV). */
    async allRows(id: string): Promise<BatchRow[]> {
      const items = await db.query<BatchRow>(
        `select ${ROW_COLUMNS} from ${ROW_FROM} where r.batch_id = $1::uuid order by r.row_no`,
        [id],
      );
      return items.map(rowOf);
    },
  };
}

/** A row as the database gives it, with numbers as numbers. */
function rowOf(row: BatchRow): BatchRow {
  return { ...row, row: Number(row.row) };
}

/** Cells as one text whatever the order of their keys. */
function canonical(cells: Record<string, string>): string {
  return JSON.stringify(
    Object.keys(cells)
      .sort()
      .map((key) => [key, cells[key]]),
  );
}
