/**
 * Batches in the database (issue 39): a batch, its rows, its approvals and the operators'
 * remembered mappings. Every change of a batch's state is one conditional statement (or a
 * transaction that locks the batch first), so that two operators, or an operator and the
 * sender, cannot both move it. A row's state is read from its journal entry once it has one.
 */
import { randomUUID } from 'node:crypto';
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
  type BatchTotal,
  type BatchUploadedBefore,
  type Role,
} from '@console/schemas';
import { jsonb, utcText, type Db, type Queryable, type SqlParam } from '../db/db';
import { advances, progressOf, type StoredRequirement } from './batch-requirements';
import {
  DEFAULT_REPEAT_DAYS,
  earlierBatch,
  fillContentKeys,
  findRepeatOf,
  repeatedRows,
} from './batch-repeats';
import { contentOf } from './batch-row-key';
import { ROW_STATE } from './batch-row-state';

/** A row as the check made it, to be stored. */
export interface NewBatchRow {
  row: number;
  cells: Record<string, string>;
  /** The request the row sends, without its ref_id; null for a row left out. */
  body: Record<string, unknown> | null;
  excluded: boolean;
  /** Why a row was left out at upload (batch-kept.ts); null for the rows that are sent. */
  reason: string | null;
}

/** A batch as the create route decided it: stored awaiting its approval. */
export interface NewBatch {
  operation: BatchOperation;
  file_name: string;
  created_by: string;
  created_by_name: string;
  columns: string[];
  mapping: BatchMapping;
  rows_hash: string;
  rows: NewBatchRow[];
  totals: BatchTotal[];
  by_destination: BatchTotal[];
  largest: BatchTotal[];
  approvals_required: number;
  approver_roles: Role[];
  /** Every distinct requirement of its rows and totals: all must be met before it is sent. */
  requirements: StoredRequirement[];
  policy_version: number | null;
}

/**
 * The same rows of the same operation were stored before (in this order, or in another order as
 * a batch of the last days that counts): nothing new is stored.
 */
export class BatchAlreadyUploaded extends Error {
  override readonly name = 'BatchAlreadyUploaded';
  constructor(readonly earlier: BatchUploadedBefore) {
    super(`These rows were uploaded before as batch ${earlier.batch_id}`);
  }
}

const UNIQUE_VIOLATION = '23505';

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

/** What an approval found. */
export type ApproveOutcome =
  | { ok: true; batch: StoredBatch }
  | {
      ok: false;
      reason:
        'not-found' | 'state' | 'hash' | 'repeats' | 'own' | 'role' | 'again' | 'adds-nothing';
      batch?: StoredBatch;
    };

/** A change of state an operator asked that the batch's state did not allow. */
export type ChangeOutcome =
  | { ok: true; batch: StoredBatch }
  | { ok: false; reason: 'not-found' | 'state'; batch?: StoredBatch };

export interface BatchStoreOptions {
  /** How many days back an upload is compared with earlier batches (issue 64). */
  repeatDays?: number | undefined;
}

export function createBatchStore(db: Db, options: BatchStoreOptions = {}) {
  const repeatDays = options.repeatDays ?? DEFAULT_REPEAT_DAYS;
  // Batches stored before their rows had content keys get them once per process, before the
  // first look-up that compares with them.
  let keyed: Promise<unknown> | undefined;
  const keysFilled = async () => {
    keyed ??= fillContentKeys(db).catch((error: unknown) => {
      keyed = undefined;
      throw error;
    });
    await keyed;
  };

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

  /** Moves a batch from one of `from` to `to` (with more columns set), in `q`'s transaction. */
  async function move(
    id: string,
    from: BatchState[],
    set: string,
    params: SqlParam[],
    after?: (tx: Queryable) => Promise<void>,
  ): Promise<ChangeOutcome> {
    await keysFilled();
    return db.transaction(async (tx) => {
      const [found] = await tx.query<{ state: BatchState }>(
        'select state from batches where id = $1::uuid for update',
        [id],
      );
      if (!found) return { ok: false, reason: 'not-found' };
      if (!from.includes(found.state)) {
        return { ok: false, reason: 'state', batch: (await getIn(tx, id))! };
      }
      await tx.query(`update batches set ${set}, updated_at = now() where id = $1::uuid`, [
        id,
        ...params,
      ]);
      await after?.(tx);
      return { ok: true, batch: (await getIn(tx, id))! };
    });
  }

  /** Rows not journaled yet take `not_sent`: they will never leave. */
  const rowsNotSent = (id: string) => async (tx: Queryable) => {
    await tx.query(
      `update batch_rows set state = 'not_sent'
       where batch_id = $1::uuid and journal_id is null and not excluded and state is null`,
      [id],
    );
  };

  return {
    db,

    /**
     * Stores a batch awaiting approval with all its rows, in one transaction. Throws
     * `BatchAlreadyUploaded` when the same operation and rows hash are stored already.
     */
    async create(batch: NewBatch): Promise<StoredBatch> {
      const id = randomUUID();
      const content = contentOf(batch.operation, batch.rows);
      await keysFilled();
      try {
        await db.transaction(async (tx) => {
          // Two uploads of the same rows in different orders have different rows hashes, which
          // the unique index cannot tell apart: the second waits for the first, then finds it.
          await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
            `batch-content ${batch.operation} ${content.hash}`,
          ]);
          const repeated = await findRepeatOf(tx, batch.operation, content.hash, repeatDays);
          if (repeated) throw new BatchAlreadyUploaded(repeated);
          await tx.query(
            `insert into batches (id, operation, file_name, state, created_by, created_by_name,
               columns, mapping, rows_hash, row_count, totals, by_destination, largest,
               approvals_required, approver_roles, policy_version, requirements, content_hash)
             values ($1, $2, $3, 'awaiting_approval', $4, $5, $6::text::jsonb, $7::text::jsonb, $8, $9,
               $10::text::jsonb, $11::text::jsonb, $12::text::jsonb, $13, $14::text::jsonb, $15,
               $16::text::jsonb, $17)`,
            [
              id,
              batch.operation,
              batch.file_name,
              batch.created_by,
              batch.created_by_name,
              jsonb(batch.columns),
              jsonb(batch.mapping),
              batch.rows_hash,
              batch.rows.length,
              jsonb(batch.totals),
              jsonb(batch.by_destination),
              jsonb(batch.largest),
              batch.approvals_required,
              jsonb(batch.approver_roles),
              batch.policy_version,
              jsonb(batch.requirements),
              content.hash,
            ],
          );
          // One statement for all the rows (up to 10 000), as one JSON document: the same on
          // PGlite and PostgreSQL, whose drivers type parameter arrays differently.
          await tx.query(
            `insert into batch_rows (batch_id, row_no, cells, body, excluded, error, content_key)
             select $1::uuid, r.row_no, r.cells, nullif(r.body, 'null'::jsonb), r.excluded,
               r.reason, r.content_key
             from jsonb_to_recordset($2::text::jsonb)
               as r(row_no integer, cells jsonb, body jsonb, excluded boolean, reason text,
                 content_key text)`,
            [
              id,
              jsonb(
                batch.rows.map((r, i) => ({
                  row_no: r.row,
                  cells: r.cells,
                  body: r.body,
                  excluded: r.excluded,
                  reason: r.reason,
                  content_key: content.keys[i],
                })),
              ),
            ],
          );
        });
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
          const earlier = await this.findByHash(batch.operation, batch.rows_hash);
          if (earlier) throw new BatchAlreadyUploaded(earlier);
        }
        throw error;
      }
      return (await this.get(id))!;
    },

    /**
     * The batch of these rows of this operation in this order, if any was stored: whatever its
     * state or age, as the unique index of rows hashes holds one batch per rows hash.
     */
    async findByHash(
      operation: BatchOperation,
      rowsHash: string,
    ): Promise<BatchUploadedBefore | null> {
      const found = await earlierBatch(db, 'b.operation = $1 and b.rows_hash = $2', [
        operation,
        rowsHash,
      ]);
      return found && { ...found, same_order: true };
    },

    /**
     * The batch of the last days these rows repeat in any order (`REPEATED_BATCH_STATES`), by
     * the multiset hash of their content keys (`batch-row-key.ts`).
     */
    async findRepeat(
      operation: BatchOperation,
      rows: readonly { body: Record<string, unknown> | null }[],
    ): Promise<BatchUploadedBefore | null> {
      await keysFilled();
      return findRepeatOf(db, operation, contentOf(operation, rows).hash, repeatDays);
    },

    get: async (id: string) => {
      await keysFilled();
      return getIn(db, id);
    },

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

    /**
     * Approves a batch awaiting approval by its rows hash (and, when rows of it repeat rows of
     * earlier batches, by the number of them the approver was shown), once per operator, never by
     * its uploader, only from the roles it names and only when the approval counts towards a
     * requirement not met yet; the approval that meets the last of them moves it to `sending`.
     */
    async approve(
      id: string,
      approver: { username: string; display_name: string; role: Role },
      rowsHash: string,
      repeatedRowsSeen?: number,
    ): Promise<ApproveOutcome> {
      await keysFilled();
      return db.transaction(async (tx): Promise<ApproveOutcome> => {
        const batch = await getIn(tx, id, true);
        if (!batch) return { ok: false, reason: 'not-found' };
        if (batch.state !== 'awaiting_approval') return { ok: false, reason: 'state', batch };
        if (batch.rows_hash !== rowsHash) return { ok: false, reason: 'hash', batch };
        // Repeated rows are approved only by one who was shown them, all of them as they are now.
        const repeated = batch.repeats?.total ?? 0;
        if (repeated > 0 && repeatedRowsSeen !== repeated) {
          return { ok: false, reason: 'repeats', batch };
        }
        if (batch.created_by === approver.username) return { ok: false, reason: 'own', batch };
        if (!batch.approver_roles.includes(approver.role)) {
          return { ok: false, reason: 'role', batch };
        }
        if (batch.approvals.some((a) => a.by === approver.username)) {
          return { ok: false, reason: 'again', batch };
        }
        const given = await tx.query<{ role: Role }>(
          'select role from batch_approvals where batch_id = $1::uuid',
          [id],
        );
        const roles = given.map((a) => a.role);
        if (!advances(batch.requirements, roles, approver.role)) {
          return { ok: false, reason: 'adds-nothing', batch };
        }
        const added = await tx.query(
          `insert into batch_approvals (batch_id, approver, approver_name, role, rows_hash)
           values ($1::uuid, $2, $3, $4, $5) on conflict do nothing returning approver`,
          [id, approver.username, approver.display_name, approver.role, rowsHash],
        );
        if (added.length === 0) return { ok: false, reason: 'again', batch };
        // Every requirement must be met, each by the approvals from its own roles.
        const met = batch.requirements.every((r) => progressOf(r, [...roles, approver.role]).met);
        await tx.query(
          `update batches set updated_at = now(),
             state = case when $2::boolean then 'sending' else state end
           where id = $1::uuid`,
          [id, met],
        );
        return { ok: true, batch: (await getIn(tx, id))! };
      });
    },

    /** Rejects a batch awaiting approval: nothing of it is ever sent. */
    reject: (id: string, by: string, reason: string) =>
      move(
        id,
        ['awaiting_approval'],
        `state = 'rejected', rejected_by = $2, reason = $3`,
        [by, reason],
        rowsNotSent(id),
      ),

    /** Stops sending a batch's rows not journaled yet, until resumed. */
    pause: (id: string) => move(id, ['sending'], `state = 'paused'`, []),

    /** Goes on sending a paused batch, at once (any backoff is forgotten). */
    resume: (id: string) =>
      move(id, ['paused'], `state = 'sending', not_before = null, waiting_for = null`, []),

    /** Sends none of the rows not journaled yet; those sent stay sent. */
    cancel: (id: string, by: string, reason: string) =>
      move(
        id,
        ['awaiting_approval', 'sending', 'paused'],
        `state = 'cancelled', cancelled_by = $2, reason = $3, waiting_for = null`,
        [by, reason],
        rowsNotSent(id),
      ),

    /** The mapping an operator gave for this header and operation, if they gave one. */
    async rememberedMapping(
      operator: string,
      operation: BatchOperation,
      columns: string[],
    ): Promise<BatchMapping | undefined> {
      const [found] = await db.query<{ mapping: BatchMapping }>(
        `select mapping from batch_mappings
         where operator = $1 and operation = $2 and header_key = $3`,
        [operator, operation, JSON.stringify(columns)],
      );
      return found?.mapping;
    },

    async rememberMapping(
      operator: string,
      operation: BatchOperation,
      columns: string[],
      mapping: BatchMapping,
    ): Promise<void> {
      await db.query(
        `insert into batch_mappings (operator, operation, header_key, mapping)
         values ($1, $2, $3, $4::text::jsonb)
         on conflict (operator, operation, header_key)
           do update set mapping = excluded.mapping, updated_at = now()`,
        [operator, operation, JSON.stringify(columns), jsonb(mapping)],
      );
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

export type BatchStore = ReturnType<typeof createBatchStore>;
