/**
 * The steps of a reconciliation run (issue 40): the service's records of the period's `ref_id`s,
 * in groups as its list reads allow, then its records created in the period, per record type.
 * Fixed by the sends, so a run resumed after a crash takes the same steps from where it was.
 */
import { operations } from '@console/schemas';
import { RECONCILED } from './match-checks';
import type { JournalSend, RecordType } from './match-types';

/** `ref_ids` a list read takes at once (the spec's maximum). */
export const REF_GROUP = 100;
export const PAGE_LIMIT = 1000;

/** The list read of each record type, and the name of its `ref_id` filter. */
export const LISTS = {
  transfer: { read: operations.listTransfers, refs: 'ref_ids', from: 'created_at.gte' },
  order: { read: operations.listOrders, refs: 'ref_ids', from: 'order_time.begin' },
  orchestration: { read: operations.listOrchestrations, refs: 'ref_id', from: 'created_at.gte' },
} as const;

/** One step of a run: a group of `ref_id`s, or the records created in the period. */
export type RunStep =
  | { kind: 'refs'; recordType: RecordType; refIds: string[] }
  | { kind: 'period'; recordType: RecordType };

export interface Position {
  step: number;
  cursor?: string;
}

/** The steps of a run over `sends`: fixed by the sends, so a resumed run takes the same ones. */
export function stepsOf(sends: readonly JournalSend[]): RunStep[] {
  const steps: RunStep[] = [];
  for (const recordType of ['transfer', 'order', 'orchestration'] as const) {
    const refs = [
      ...new Set(
        sends
          .filter((s) => RECONCILED[s.operation]?.recordType === recordType)
          .map((s) => s.ref_id),
      ),
    ].sort();
    for (let i = 0; i < refs.length; i += REF_GROUP) {
      steps.push({ kind: 'refs', recordType, refIds: refs.slice(i, i + REF_GROUP) });
    }
  }
  for (const recordType of ['transfer', 'order', 'orchestration'] as const) {
    steps.push({ kind: 'period', recordType });
  }
  return steps;
}
