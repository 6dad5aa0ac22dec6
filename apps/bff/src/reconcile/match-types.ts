/**
 * What reconciliation's match takes and gives (issue 40): the journal's sends, the service's
 * records, the differences between them and the options of a match.
 */
import type { RECON_DIFFERENCE_KINDS, RECON_SOURCES, ReconLeg } from '@console/schemas';

/** The records the service keeps of the console's sends. */
export type RecordType = 'transfer' | 'order' | 'orchestration';

/** The kinds and sources of the browser's contract (`reconcile-api.ts`, each kind said there). */
export type DifferenceKind = (typeof RECON_DIFFERENCE_KINDS)[number];
/** Where a record the journal lacks came from. */
export type UnjournaledSource = (typeof RECON_SOURCES)[number];

/** A journal entry of a send, as the run reads it. */
export interface JournalSend {
  journal_id: string;
  operation: string;
  state: string;
  ref_id: string;
  /** The request's path: an order's profile is in it. */
  request_path: string;
  body: Record<string, unknown>;
  /** The service's last answer, when it gave one. */
  response: Record<string, unknown> | null;
  created_at: string;
}

export interface ServiceRecord {
  record_type: RecordType;
  record: Record<string, unknown>;
}

export interface Difference {
  kind: DifferenceKind;
  /** Names this difference across runs: found again, it is the same one. */
  key: string;
  source: UnjournaledSource | null;
  journal_id: string | null;
  record_type: RecordType;
  record_id: string | null;
  ref_id: string | null;
  /** What the journal says, and what the service says, of the compared member. */
  journal_value: string | null;
  service_value: string | null;
  detail: string;
  /** When its subject happened (the send, or the record the journal lacks): a run's period. */
  subject_at: string;
  /** The service's record as the run read it: the queue shows it beside the journal's entry. */
  service_record: Record<string, unknown> | null;
  /** The records that are its record's legs (`record-groups.ts`); none when absent. */
  legs?: ReconLeg[];
}

/** A send and the record the service holds of it, alike in everything compared. */
export interface Match {
  journal_id: string;
  record_type: RecordType;
  record_id: string | null;
  ref_id: string;
  subject_at: string;
}

export interface MatchOptions {
  /** Now, in ms: how long a record has been pending. */
  now: number;
  /** How long each record type may stay pending before it is a difference. */
  pendingLimitMs: Record<RecordType, number>;
  /**
   * Against the embedded demo sandbox: records made before this instant (ms) are its sample
   * history, which the console never sent. One the journal matches is matched as any other; one
   * it does not is no difference, so that a fresh demo reconciles clean (issue 60).
   */
  sampleBefore?: number | undefined;
}

/** True for a record of the demo sandbox's sample history (see `MatchOptions.sampleBefore`). */
