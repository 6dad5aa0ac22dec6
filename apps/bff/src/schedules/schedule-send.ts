/**
 * One occurrence of a series, decided and sent (issue 63): the request built from the version's
 * body and the occurrence's ref_id, asked of the rules in force now (as a batch row is, ADR 027),
 * then journaled in the transaction that records the occurrence's decision, while this process
 * holds the scheduler's lease and the version is still the series' one in force. The send itself
 * is the ordinary pipeline's (`send/dispatch.ts`): a kill between the journal and the answer
 * leaves a SENDING entry that the resolver sends again with the same ref_id and bytes.
 */
import type { JournalEntry, Occurrence } from '@console/schemas';
import type { StoredRequest } from '../approvals/send-time-rules';
import type { Db, Queryable } from '../db/db';
import { ProblemError } from '../errors';
import { HOLDS_LEASE } from '../jobs/job-lease';
import type { DispatchDeps } from '../send/dispatch';
import { sendableOperation } from '../send/operation-table';
import { validatedRequest } from '../send/submit';
import type { OccurrenceLimits } from './schedule-limits';
import { scheduleRefId, SCHEDULER, type SeriesInForce } from './schedule-rows';
import type { ScheduleStore } from './schedule-store';

export interface OccurrenceSendDeps {
  db: Db;
  store: ScheduleStore;
  journal: DispatchDeps['journal'];
  /** The scheduler's job lease: kind and this process. */
  lease: { kind: string; owner: string };
  now: () => number;
  /** Why a request may not be sent now (the policy in force refuses it), or null. */
  stop?: (request: StoredRequest) => Promise<string | null>;
  /** The maker's limits, counted in the journaling transaction (`schedule-limits.ts`). */
  limits?: OccurrenceLimits;
}

/** What became of an occurrence: journaled (to send), or decided without a send, or not ours. */
export type OccurrenceOutcome =
  | { kind: 'journaled'; entry: JournalEntry }
  | { kind: 'refused'; words: string }
  | { kind: 'skipped'; words: string }
  | { kind: 'not-decided' };

const clock = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The request id an occurrence's send carries in the service's logs. */
export const occurrenceRequestId = (versionId: string, occurrence: Occurrence) =>
  `schedule-${versionId.slice(0, 8)}-${occurrence.number}`;

export function createOccurrenceSender(deps: OccurrenceSendDeps) {
  const { db, store } = deps;

  /** Records a decision without a send; in force and leased, as a send's is. */
  async function decideWithout(
    series: SeriesInForce,
    occurrence: Occurrence,
    state: 'refused' | 'skipped',
    words: string,
    late: boolean,
  ): Promise<OccurrenceOutcome> {
    const decided = await db.transaction(async (tx) => {
      if (!(await inForce(tx, series))) return false;
      return store.decide(tx, {
        version_id: series.version_id,
        due_at: occurrence.at,
        number: occurrence.number,
        state,
        words,
        late,
        decided_by: SCHEDULER,
      });
    });
    return decided ? { kind: state, words } : { kind: 'not-decided' };
  }

  /** The version is still the series' active one in force, and this process holds the lease. */
  async function inForce(tx: Queryable, s: SeriesInForce) {
    const rows = await tx.query(
      `select 1 from schedule_series s join schedule_versions v on v.id = s.version_id
       where s.id = $1::uuid and s.version_id = $2::uuid and s.state = 'active'
         and v.state = 'approved' and ${HOLDS_LEASE('$3', '$4')}
       for update of s`,
      [s.series_id, s.version_id, deps.lease.kind, deps.lease.owner],
    );
    return rows.length > 0;
  }

  return {
    /** Skips an occurrence missed while no scheduler ran, as its series says to. */
    skipMissed(series: SeriesInForce, occurrence: Occurrence): Promise<OccurrenceOutcome> {
      const words = `Missed: due ${clock(occurrence.at)} while no scheduler ran; the schedule skips what it missed`;
      return decideWithout(series, occurrence, 'skipped', words, true);
    },

    /**
     * Builds, asks and journals one occurrence's request. The request's bytes depend only on the
     * version's body and the occurrence: a second process deciding the same one would build the
     * same bytes, and the occurrence's key lets only one of them journal it.
     */
    async journal(
      series: SeriesInForce,
      occurrence: Occurrence,
      late: boolean,
    ): Promise<OccurrenceOutcome> {
      const operation = sendableOperation(series.operation)!;
      const refId = scheduleRefId(series.version_id, occurrence.at);
      let request: { path: string; body: Record<string, unknown> };
      try {
        request = validatedRequest(operation, { ...series.body, ref_id: refId }, deps.now);
      } catch (error) {
        const detail = error instanceof ProblemError ? error.init.detail : undefined;
        const words = `Not sent: ${detail ?? 'its request could not be built'}`;
        return decideWithout(series, occurrence, 'refused', words, late);
      }
      // Asked outside the transaction: the rules read the book and the directory, and an
      // embedded database has one connection, which the transaction holds.
      const stored = { operation: operation.id, operator: series.created_by, body: request.body };
      const stop = await deps.stop?.(stored);
      if (stop) return decideWithout(series, occurrence, 'refused', `Not sent: ${stop}`, late);
      const limits = await deps.limits?.(stored);
      const entry = await db
        .transaction(async (tx): Promise<OccurrenceOutcome | JournalEntry | undefined> => {
          if (!(await inForce(tx, series))) return undefined;
          // Under the lock of the maker's limits until commit, as a single send's are.
          const over = limits ? await limits(tx) : null;
          if (over) {
            const words = `Not sent: ${over}`;
            const decided = await store.decide(tx, {
              version_id: series.version_id,
              due_at: occurrence.at,
              number: occurrence.number,
              state: 'refused',
              words,
              late,
              decided_by: SCHEDULER,
            });
            return decided ? { kind: 'refused', words } : undefined;
          }
          const journaled = await deps.journal.create(
            {
              operation: operation.id,
              operator: series.created_by,
              operator_name: series.created_by_name,
              ref_id: refId,
              method: operation.method,
              request_path: request.path,
              request_body: JSON.stringify(request.body),
              request_id: occurrenceRequestId(series.version_id, occurrence),
              policy_version: series.policy_version,
            },
            'SENDING',
            tx,
          );
          const decided = await store.decide(tx, {
            version_id: series.version_id,
            due_at: occurrence.at,
            number: occurrence.number,
            state: 'journaled',
            journal_id: journaled.id,
            words: late ? `Sent late: due ${clock(occurrence.at)} while no scheduler ran` : null,
            late,
            decided_by: SCHEDULER,
          });
          // Decided meanwhile (a skip): the entry goes with the transaction, never sent.
          if (!decided) throw new AlreadyDecided();
          return journaled;
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyDecided) return undefined;
          throw error;
        });
      if (entry && 'kind' in entry) return entry;
      return entry ? { kind: 'journaled', entry } : { kind: 'not-decided' };
    },
  };
}

class AlreadyDecided extends Error {}

export type OccurrenceSender = ReturnType<typeof createOccurrenceSender>;
