/**
 * Batches in the database (issue 39): a batch and its rows stored in one transaction, never twice
 * (the same rows in this order by the unique index of rows hashes, in any order within the last
 * days by their content hash), with its reads (`batch-reads.ts`), decisions (`batch-decisions.ts`)
 * and the operators' remembered mappings (`batch-mappings.ts`) as one store.
 */
import { randomUUID } from 'node:crypto';
import type {
  BatchMapping,
  BatchOperation,
  BatchTotal,
  BatchUploadedBefore,
  Role,
} from '@console/schemas';
import { jsonb, type Db } from '../db/db';
import { createBatchDecisions } from './batch-decisions';
import { createBatchMappings } from './batch-mappings';
import { createBatchReads, type StoredBatch } from './batch-reads';
import type { StoredRequirement } from './batch-requirements';
import { DEFAULT_REPEAT_DAYS, earlierBatch, fillContentKeys, findRepeatOf } from './batch-repeats';
import { contentOf } from './batch-row-key';

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
  const reads = createBatchReads(db, repeatDays);
  const get = async (id: string) => {
    await keysFilled();
    return reads.getIn(db, id);
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
      return (await get(id))!;
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

    get,
    list: reads.list,
    changesAgainst: reads.changesAgainst,
    rows: reads.rows,
    allRows: reads.allRows,
    ...createBatchDecisions(db, reads.getIn, keysFilled),
    ...createBatchMappings(db),
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;
