/**
 * What the watcher learned, as one row of `live_changes`: which record it is about, what
 * happened to it, and whether it belongs in the inbox. Pure: each feed hands its records here.
 * An event type or member the console does not know is kept as it came (record type `other`),
 * never dropped and never a crash (svc-api.md appendix B).
 */

/** Where a change was learned (the `source` of `live_changes`). */
export type ChangeSource = 'event' | 'transfer' | 'order' | 'execution';

/** One change, as it is written to `live_changes`. */
export interface Change {
  source: ChangeSource;
  /** What makes it this change: learned twice, it is written once. */
  changeKey: string;
  recordType: 'transfer' | 'orchestration' | 'identity' | 'order' | 'execution' | 'other';
  recordId: string;
  kind: string;
  profileId: string | null;
  payload: Record<string, unknown>;
  inbox: boolean;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Event types an operator must hear of: failures, an orchestration the service holds for its
 * approval, a deposit that arrived, an identity denied or disabled or asked for documents.
 */
const INBOX_EVENT = [
  /\.failed$/,
  /^orchestration\.pending_approval$/,
  /^transfer\.(crypto|act)_deposit\.completed$/,
  /^identity\.(denied|disabled|documents_required)$/,
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
    payload: event,
    inbox: INBOX_EVENT.some((pattern) => pattern.test(kind)),
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
    payload: transfer,
    inbox: status === 'FAILED',
  };
}

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
    payload: order,
    // A fill is what the operator who placed a limit order waits for; a rejection needs action.
    inbox: status === 'FILLED' || status === 'REJECTED',
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
    payload: execution,
    inbox: false,
  };
}

export { objectOf, text };
