/**
 * What the watcher learned, as one row of `live_changes`: which record it is about, what
 * happened to it, and whose inbox it belongs in. Pure: each feed hands its records here.
 * An event type or member the console does not know is kept as it came (record type `other`),
 * never dropped and never a crash (svc-api.md appendix B).
 */

/** Where a change was learned (the `source` of `live_changes`). */
export type ChangeSource = 'event' | 'transfer' | 'order' | 'execution';

/**
 * Whose inbox a change belongs in (migration 017; `inbox-audience.ts` reads it):
 * - `role`: everyone whose role may read the record (an orchestration that failed or waits for
 *   the service's approval, an identity denied, disabled or asked for documents);
 * - `sender`: the operator who sent it from the console, found in the journal by `ref_id` (their
 *   transfer settled, their order filled or expired, their orchestration completed);
 * - `sender-or-role`: a failure, to its sender; one the console did not send (another client, a
 *   rule) to everyone whose role may read it, as somebody must hear of it;
 * - `profile`: money that arrived, to the operators who work with the profile (their recent
 *   sends name it), unless it is the other leg of a send of the console's own.
 */
export type Audience = 'role' | 'sender' | 'sender-or-role' | 'profile';

/** One change, as it is written to `live_changes`. */
export interface Change {
  source: ChangeSource;
  /** What makes it this change: learned twice, it is written once. */
  changeKey: string;
  recordType: 'transfer' | 'orchestration' | 'identity' | 'order' | 'execution' | 'other';
  recordId: string;
  kind: string;
  profileId: string | null;
  /** The record's `ref_id`: how the journal tells which operator sent it. */
  refId: string | null;
  payload: Record<string, unknown>;
  /** Whose inbox it belongs in; null for a change no inbox needs (it still streams). */
  audience: Audience | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Event types an operator must hear of, and who: first match wins. A deposit that failed is as
 * much the profile's news as one that arrived.
 */
const AUDIENCE_OF_EVENT: readonly [RegExp, Audience][] = [
  [/^transfer\.(crypto|act)_deposit\.(completed|failed)$/, 'profile'],
  [/^transfer\.(crypto|act)_withdrawal\.completed$/, 'sender'],
  // An orchestration that failed or waits needs action whoever started it (a rule starts some).
  [/^orchestration\.(failed|pending_approval)$/, 'role'],
  [/^orchestration\.completed$/, 'sender'],
  [/\.failed$/, 'sender-or-role'],
  [/^identity\.(denied|disabled|documents_required)$/, 'role'],
];

const RECORD_OF_OBJECT: Record<string, Change['recordType']> = {
  transfer_status_change: 'transfer',
  orchestration_status_change: 'orchestration',
  identity_summary_status_change: 'identity',
  identity_required_documents: 'identity',
  identity_kyc_refresh: 'identity',
};

/** An event of List Events or Get Event. Its id makes it one change, however often it is read. */
export function changeOfEvent(event: Record<string, unknown>): Change {
  const id = text(event.id) ?? '';
  const kind = text(event.type) ?? 'unknown';
  const object = objectOf(event.object);
  const recordType = RECORD_OF_OBJECT[String(event.object_type)] ?? 'other';
  // An identity's events name the identity as `identity_id`; the others' `id` is the record.
  const recordId =
    (recordType === 'identity' ? text(object.identity_id) : null) ?? text(object.id) ?? id;
  return {
    source: 'event',
    changeKey: `event:${id}`,
    recordType,
    recordId,
    kind,
    profileId: text(object.profile_id),
    refId: text(object.ref_id),
    payload: event,
    audience: AUDIENCE_OF_EVENT.find(([pattern]) => pattern.test(kind))?.[1] ?? null,
  };
}

/**
 * Transfer types the service raises events for: the events feed carries them, so the transfers
 * feed leaves them out and the stream says each of their changes once.
 */
export const EVENT_TRANSFER_TYPES: ReadonlySet<string> = new Set([
  'CRYPTO_DEPOSIT',
  'CRYPTO_WITHDRAWAL',
  'ACT_DEPOSIT',
  'ACT_WITHDRAWAL',
]);

/**
 * Whose inbox a transfer's status concerns: money out settled is its sender's, failed its
 * sender's or everyone's; money in (a deposit, another party's transfer) is the profile's. The
 * credit leg of an internal transfer is neither: both legs are the account's own, and its debit
 * (which alone carries the `ref_id`) is the news.
 */
function audienceOfTransfer(type: string, status: string): Audience | null {
  if (status !== 'COMPLETED' && status !== 'FAILED') return null;
  if (type === 'INTERNAL_TRANSFER_CREDIT') return null;
  if (/_(CREDIT|DEPOSIT)$/.test(type)) return 'profile';
  return status === 'COMPLETED' ? 'sender' : 'sender-or-role';
}

/** A transfer of List Transfers by update time: one change per status and update time. */
export function changeOfTransfer(transfer: Record<string, unknown>): Change {
  const id = text(transfer.id) ?? '';
  const status = text(transfer.status) ?? 'UNKNOWN';
  const type = (text(transfer.type) ?? 'transfer').toLowerCase();
  return {
    source: 'transfer',
    changeKey: `transfer:${id}:${status}:${text(transfer.updated_at) ?? ''}`,
    recordType: 'transfer',
    recordId: id,
    kind: `transfer.${type}.${status.toLowerCase()}`,
    profileId: text(transfer.profile_id),
    refId: text(transfer.ref_id),
    payload: transfer,
    audience: audienceOfTransfer(type.toUpperCase(), status),
  };
}

const ORDER_AUDIENCE: Record<string, Audience> = {
  FILLED: 'sender',
  EXPIRED: 'sender',
  REJECTED: 'sender-or-role',
};

/** An order seen open, or seen again after it left the open list (its final status). */
export function changeOfOrder(order: Record<string, unknown>): Change {
  const id = text(order.id) ?? '';
  const status = text(order.status) ?? 'UNKNOWN';
  return {
    source: 'order',
    changeKey: `order:${id}:${status}:${text(order.amount_filled) ?? ''}`,
    recordType: 'order',
    recordId: id,
    kind: `order.${status.toLowerCase()}`,
    profileId: text(order.profile_id),
    refId: text(order.ref_id),
    payload: order,
    // A fill (or the end of a good-till-date order) is what the operator who placed it waits
    // for; a rejection needs action, from everyone when the console did not place it.
    audience: ORDER_AUDIENCE[status] ?? null,
  };
}

/** An execution (a fill) of an order: one change per execution id. */
export function changeOfExecution(execution: Record<string, unknown>): Change {
  const id = text(execution.execution_id) ?? text(execution.id) ?? '';
  return {
    source: 'execution',
    changeKey: `execution:${id}`,
    recordType: 'execution',
    recordId: id,
    kind: 'execution.created',
    profileId: text(execution.profile_id),
    refId: null,
    payload: execution,
    audience: null,
  };
}

export { objectOf, text };
