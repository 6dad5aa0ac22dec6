/**
 * What reconciliation compares (issue 40): the sends it reconciles, the record each makes at the
 * service and the members compared between them (`RECONCILED`), the statuses that say a record
 * failed or is still pending, and where a record the console did not send came from.
 */
import Big from 'big.js';
import { profileInPath } from '../watch/inbox-audience';
import type {
  DifferenceKind,
  JournalSend,
  MatchOptions,
  RecordType,
  ServiceRecord,
  UnjournaledSource,
} from './match-types';

export function isSample(
  service: ServiceRecord,
  options: Pick<MatchOptions, 'sampleBefore'>,
): boolean {
  if (options.sampleBefore === undefined) return false;
  const created = Date.parse(text(service.record.created_at) ?? '');
  return Number.isFinite(created) && created < options.sampleBefore;
}

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export const member = (record: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (at, key) =>
      at !== null && typeof at === 'object' && !Array.isArray(at)
        ? (at as Record<string, unknown>)[key]
        : undefined,
    record,
  );

export function sameDecimal(a: string, b: string): boolean {
  try {
    return new Big(a).eq(new Big(b));
  } catch {
    return a === b;
  }
}

/** One member compared between a send and its record. */
export interface Check {
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
export const FAILED_STATUSES: Record<RecordType, ReadonlySet<string>> = {
  transfer: new Set(['FAILED']),
  order: new Set(['REJECTED']),
  orchestration: new Set(['FAILED', 'REJECTED']),
};
export const PENDING_STATUSES: Record<RecordType, ReadonlySet<string>> = {
  transfer: new Set(['PENDING']),
  order: new Set(['PENDING_SUBMISSION', 'SUBMITTED']),
  orchestration: new Set(['PENDING', 'PROCESSING', 'PENDING_APPROVAL']),
};
export const FINAL_ORDER = new Set(['FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED']);

export function sourceOf(service: ServiceRecord): UnjournaledSource {
  const { record } = service;
  if (service.record_type === 'transfer' && /_DEPOSIT$/.test(String(record.type))) return 'deposit';
  if (service.record_type === 'orchestration' && text(record.orchestration_rule_id)) return 'rule';
  return 'other';
}
