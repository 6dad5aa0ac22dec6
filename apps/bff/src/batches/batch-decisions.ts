/**
 * The decisions on a batch (issue 39): approvals, rejection, pause, resume and cancel. Every change
 * of a batch's state is one transaction that locks the batch first, so that two operators, or an
 * operator and the sender, cannot both move it.
 */
import type { BatchState, Role } from '@console/schemas';
import type { Db, Queryable, SqlParam } from '../db/db';
import type { StoredBatch } from './batch-reads';
import { advances, progressOf } from './batch-requirements';

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

/**
 * The decisions, given the read of a batch in a transaction (`getIn`) and what must be done before
 * any of them (`ready`: the content keys of batches stored before them filled in).
 */
export function createBatchDecisions(
  db: Db,
  getIn: (q: Queryable, id: string, lock?: boolean) => Promise<StoredBatch | undefined>,
  ready: () => Promise<void>,
) {
  /** Moves a batch from one of `from` to `to` (with more columns set), in `q`'s transaction. */
  async function move(
    id: string,
    from: BatchState[],
    set: string,
    params: SqlParam[],
    after?: (tx: Queryable) => Promise<void>,
  ): Promise<ChangeOutcome> {
    await ready();
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
      await ready();
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
  };
}
