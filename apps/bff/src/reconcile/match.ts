/**
 * Reconciliation's match (issue 40): the journal's sends of a period against the records the
 * service holds, and the service's records of the period back against the journal. Pure: the
 * run reads both sides and hands them here; what comes out is every difference, each with its
 * kind and a key that names it across runs (the same difference found again is the same key).
 * Amounts are compared as decimals to the last digit (`1.50` and `1.5` are the same amount).
 */
import type { RECON_DIFFERENCE_KINDS, RECON_SOURCES, ReconLeg } from '@console/schemas';
import Big from 'big.js';
import { profileInPath } from '../watch/inbox-audience';
import { groupRecords, legOf, legsWords } from './record-groups';

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
function isSample(service: ServiceRecord, options: MatchOptions): boolean {
  if (options.sampleBefore === undefined) return false;
  const created = Date.parse(text(service.record.created_at) ?? '');
  return Number.isFinite(created) && created < options.sampleBefore;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const member = (record: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (at, key) =>
      at !== null && typeof at === 'object' && !Array.isArray(at)
        ? (at as Record<string, unknown>)[key]
        : undefined,
    record,
  );

function sameDecimal(a: string, b: string): boolean {
  try {
    return new Big(a).eq(new Big(b));
  } catch {
    return a === b;
  }
}

/** One member compared between a send and its record. */
interface Check {
  kind: Extract<DifferenceKind, 'amount' | 'asset' | 'destination' | 'profile'>;
  /** Read from the send (its body, or its path for an order's profile). */
  sent: (send: JournalSend) => unknown;
  /** Read from the service's record, with the other legs of its group when it has some. */
  held: (record: Record<string, unknown>, group: readonly Record<string, unknown>[]) => unknown;
  decimal?: boolean;
}

const body =
  (...path: string[]) =>
  (send: JournalSend) =>
    member(send.body, path);
const field =
  (...path: string[]) =>
  (record: Record<string, unknown>) =>
    member(record, path);

/** The credit leg of a transfer's group: where the money went. */
const creditOf = (group: readonly Record<string, unknown>[]) =>
  group.find((leg) => leg.direction === 'CREDIT')?.profile_id;

const TRANSFER_CHECKS: Check[] = [
  { kind: 'amount', sent: body('amount'), held: field('amount'), decimal: true },
  { kind: 'asset', sent: body('asset'), held: field('asset') },
  { kind: 'profile', sent: body('from_profile_id'), held: field('profile_id') },
  { kind: 'destination', sent: body('to_profile_id'), held: (_, group) => creditOf(group) },
];

/** The sends reconciled, the record each makes at the service, and what is compared. */
export const RECONCILED: Record<string, { recordType: RecordType; checks: Check[] }> = {
  createInternalTransfer: { recordType: 'transfer', checks: TRANSFER_CHECKS },
  createSvcTransfer: { recordType: 'transfer', checks: TRANSFER_CHECKS },
  createOrder: {
    recordType: 'order',
    checks: [
      {
        kind: 'profile',
        sent: (send) => profileInPath(send.request_path),
        held: field('profile_id'),
      },
      { kind: 'asset', sent: body('market'), held: field('market') },
      { kind: 'amount', sent: body('base_amount'), held: field('base_amount'), decimal: true },
      { kind: 'amount', sent: body('quote_amount'), held: field('quote_amount'), decimal: true },
    ],
  },
  createOrchestration: {
    recordType: 'orchestration',
    checks: [
      { kind: 'profile', sent: body('profile_id'), held: field('profile_id') },
      { kind: 'asset', sent: body('source_asset'), held: field('source_asset') },
      { kind: 'asset', sent: body('destination_asset'), held: field('destination_asset') },
      { kind: 'amount', sent: body('source_amount'), held: field('source_amount'), decimal: true },
      {
        kind: 'destination',
        sent: body('destination', 'profile', 'profile_id'),
        held: field('destination', 'profile', 'profile_id'),
      },
      {
        kind: 'destination',
        sent: body('destination', 'crypto', 'address'),
        held: field('destination', 'crypto', 'address'),
      },
    ],
  },
};

/** Statuses in which the service did not do what it was asked. */
const FAILED_STATUSES: Record<RecordType, ReadonlySet<string>> = {
  transfer: new Set(['FAILED']),
  order: new Set(['REJECTED']),
  orchestration: new Set(['FAILED', 'REJECTED']),
};
const PENDING_STATUSES: Record<RecordType, ReadonlySet<string>> = {
  transfer: new Set(['PENDING']),
  order: new Set(['PENDING_SUBMISSION', 'SUBMITTED']),
  orchestration: new Set(['PENDING', 'PROCESSING', 'PENDING_APPROVAL']),
};
const FINAL_ORDER = new Set(['FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED']);

function sourceOf(service: ServiceRecord): UnjournaledSource {
  const { record } = service;
  if (service.record_type === 'transfer' && /_DEPOSIT$/.test(String(record.type))) return 'deposit';
  if (service.record_type === 'orchestration' && text(record.orchestration_rule_id)) return 'rule';
  return 'other';
}

/**
 * Every difference between the sends and the records. `sends` are the journal's entries of the
 * period that reached the service or may have (SUCCEEDED, REJECTED, UNKNOWN); `records` are the
 * service's records of the same `ref_id`s and of the period, each once.
 */
export function matchPeriod(
  sends: readonly JournalSend[],
  records: readonly ServiceRecord[],
  options: MatchOptions,
): { differences: Difference[]; matches: Match[] } {
  const differences: Difference[] = [];
  const matches: Match[] = [];
  const byRef = new Map<string, ServiceRecord>();
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const service of records) {
    const ref = text(service.record.ref_id);
    // A transfer's debit carries the ref_id; its credit leg shares only the group.
    if (ref && !(service.record_type === 'transfer' && service.record.direction === 'CREDIT')) {
      byRef.set(`${service.record_type}:${ref}`, service);
    }
    const group = text(service.record.group_id);
    if (group) groups.set(group, [...(groups.get(group) ?? []), service.record]);
  }
  const matched = new Set<Record<string, unknown>>();
  // A leg of another record (a transfer's credit under its debit, an orchestration's transfers,
  // a deposit's conversion) is that record's: matched with it, or named under its one
  // difference, never a difference of its own, whoever made it.
  const { headOf, legsOf } = groupRecords(records);

  for (const send of sends) {
    const spec = RECONCILED[send.operation];
    if (!spec) continue;
    const service = byRef.get(`${spec.recordType}:${send.ref_id}`);
    const base = {
      source: null,
      journal_id: send.journal_id,
      record_type: spec.recordType,
      ref_id: send.ref_id,
      subject_at: send.created_at,
    };
    if (!service) {
      // A send the service refused, or whose fate is unknown and that it never got, is no
      // record at the service: as it should be.
      if (send.state === 'SUCCEEDED') {
        differences.push({
          ...base,
          kind: 'absent',
          key: `absent:${send.journal_id}`,
          record_id: null,
          service_record: null,
          journal_value: send.state,
          service_value: null,
          detail: 'The journal says the service took it; the service has no record of its ref_id.',
        });
      }
      continue;
    }
    const record = service.record;
    const before = differences.length;
    const group = groups.get(text(record.group_id) ?? '') ?? [record];
    for (const leg of group) matched.add(leg);
    matched.add(record);
    const recordId = text(record.id);
    const at = { ...base, record_id: recordId, service_record: record };
    for (const check of spec.checks) {
      const sent = check.sent(send);
      const held = check.held(record, group);
      // Compared only where both sides state the member (a credit leg the run could not see,
      // an order placed by its quote amount, says nothing of the other).
      if (typeof sent !== 'string' || sent === '' || typeof held !== 'string') continue;
      const heldText = held;
      if (check.decimal ? sameDecimal(sent, heldText) : sent === heldText) continue;
      differences.push({
        ...at,
        kind: check.kind,
        key: `${check.kind}:${send.journal_id}:${recordId ?? ''}`,
        journal_value: sent,
        service_value: heldText,
        detail: `The journal sent ${sent}; the service holds ${heldText}.`,
      });
    }
    const status = text(record.status) ?? '';
    const failedThere = FAILED_STATUSES[spec.recordType].has(status);
    if ((send.state === 'SUCCEEDED' && failedThere) || send.state !== 'SUCCEEDED') {
      differences.push({
        ...at,
        kind: 'status',
        key: `status:${send.journal_id}:${send.state}:${status}`,
        journal_value: send.state,
        service_value: status,
        detail:
          send.state === 'SUCCEEDED'
            ? `The journal says succeeded; the service says ${status}.`
            : `The journal says ${send.state}; the service holds the record (${status}).`,
      });
    }
    differences.push(...pendingOf(service, options, at));
    if (spec.recordType === 'order' && send.response) {
      const answered = text(send.response.status);
      const filledThen = text(send.response.amount_filled);
      const filledNow = text(record.amount_filled);
      if (
        answered &&
        FINAL_ORDER.has(answered) &&
        filledThen !== null &&
        (filledNow === null || !sameDecimal(filledThen, filledNow))
      ) {
        differences.push({
          ...at,
          kind: 'fills',
          key: `fills:${send.journal_id}:${filledNow ?? ''}`,
          journal_value: filledThen,
          service_value: filledNow,
          detail: `The journal's last answer filled ${filledThen}; the service says ${filledNow ?? 'nothing'}.`,
        });
      }
    }
    if (differences.length === before) {
      matches.push({
        journal_id: send.journal_id,
        record_type: spec.recordType,
        record_id: recordId,
        ref_id: send.ref_id,
        subject_at: send.created_at,
      });
    }
  }

  for (const service of records) {
    if (matched.has(service.record) || isSample(service, options)) continue;
    if (headOf.has(service.record)) continue;
    const recordId = text(service.record.id);
    const source = sourceOf(service);
    const subjectAt = text(service.record.created_at) ?? new Date(options.now).toISOString();
    const legs = (legsOf.get(service.record) ?? []).map(legOf);
    differences.push({
      kind: 'unjournaled',
      key: `unjournaled:${service.record_type}:${recordId ?? ''}`,
      source,
      journal_id: null,
      record_type: service.record_type,
      record_id: recordId,
      ref_id: text(service.record.ref_id),
      service_record: service.record,
      journal_value: null,
      service_value: text(service.record.status),
      subject_at: subjectAt,
      detail: `At the service, not in the journal (${source === 'other' ? 'another client' : `a ${source}`})${legsWords(legs)}.`,
      legs,
    });
    differences.push(
      ...pendingOf(service, options, {
        source,
        journal_id: null,
        record_type: service.record_type,
        record_id: recordId,
        ref_id: text(service.record.ref_id),
        subject_at: subjectAt,
        service_record: service.record,
      }),
    );
  }
  return { differences, matches };
}

function pendingOf(
  service: ServiceRecord,
  options: MatchOptions,
  at: Pick<
    Difference,
    | 'source'
    | 'journal_id'
    | 'record_type'
    | 'record_id'
    | 'ref_id'
    | 'subject_at'
    | 'service_record'
  >,
): Difference[] {
  const status = text(service.record.status) ?? '';
  if (!PENDING_STATUSES[service.record_type].has(status)) return [];
  const since = Date.parse(text(service.record.created_at) ?? '');
  const limit = options.pendingLimitMs[service.record_type];
  if (!Number.isFinite(since) || options.now - since <= limit) return [];
  return [
    {
      ...at,
      kind: 'pending',
      key: `pending:${service.record_type}:${at.record_id ?? ''}`,
      journal_value: null,
      service_value: status,
      detail: `${status} at the service since ${new Date(since).toISOString()}.`,
    },
  ];
}
