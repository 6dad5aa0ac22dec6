/**
 * A series, a version and an occurrence as the schedule store (`schedule-store.ts`) holds them
 * (issue 63, migration 035), and the ref_id an occurrence is sent under.
 */
import { derivedRefId } from '../send/derived-ref-id';
import type { BatchOperation, CatchUpRule, ScheduleTiming } from '@console/schemas';
import type { StoredRequirement } from '../batches/batch-requirements';

/**
 * The ref_id of an occurrence: UUID-shaped from the SHA-256 of `<version id>:<due instant>`
 * (RFC 9562's version 8 and its variant, as a batch row's), so that a retry, a resolver or another
 * process sends it under the same one, and no other occurrence or send has it.
 */
export function scheduleRefId(versionId: string, dueAt: string): string {
  return derivedRefId(`${versionId}:${new Date(dueAt).toISOString()}`);
}

export interface NewSeries {
  operation: BatchOperation;
  /** The request without its ref_id. */
  body: Record<string, unknown>;
  timing: ScheduleTiming;
  catch_up: CatchUpRule;
  created_by: string;
  created_by_name: string;
  policy_version: number | null;
  /** What the policy asked (`decideSchedule`), and what the approvers are shown. */
  requirements: StoredRequirement[];
  per_occurrence: { asset: string; amount: string } | null;
  occurrences: number | null;
  total: { asset: string; amount: string } | null;
}

/** A series in force: its approved version, as the scheduler reads it. */
export interface SeriesInForce {
  series_id: string;
  version_id: string;
  operation: BatchOperation;
  body: Record<string, unknown>;
  timing: ScheduleTiming;
  catch_up: CatchUpRule;
  created_by: string;
  created_by_name: string;
  policy_version: number | null;
  approved_at: string;
  /**
   * The last occurrence the scheduler decided under this version, or null: it walks the timing
   * from there (an operator's skip ahead of time is no such mark).
   */
  last_due_at: string | null;
}

export type OccurrenceState = 'journaled' | 'refused' | 'skipped';

export interface OccurrenceDecision {
  version_id: string;
  due_at: string;
  number: number;
  state: OccurrenceState;
  journal_id?: string | null;
  words?: string | null;
  late?: boolean;
  decided_by: string;
}

/** Who decides an occurrence at its time: the scheduler, as `decided_by`. */
export const SCHEDULER = 'scheduler';
