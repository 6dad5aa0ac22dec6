/**
 * An inbox item in words: what happened, to which record. Kinds the console does not know are
 * shown as the service named them.
 */
import type { LiveMessage } from '@console/schemas';

const TITLES: Record<string, string> = {
  'order.filled': 'Order filled',
  'order.rejected': 'Order rejected',
  'orchestration.pending_approval': 'Orchestration waits for the service’s approval',
  'orchestration.failed': 'Orchestration failed',
  'identity.denied': 'Identity denied',
  'identity.disabled': 'Identity disabled',
  'identity.documents_required': 'Identity needs documents',
};

const memberOf = (record: unknown, name: string): string | undefined => {
  if (record === null || typeof record !== 'object') return undefined;
  const value = (record as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

export function inboxTitle(message: Pick<LiveMessage, 'kind'>): string {
  const known = TITLES[message.kind];
  if (known) return known;
  const deposit = /^transfer\.(crypto|act)_deposit\.completed$/.exec(message.kind);
  if (deposit) return `${deposit[1] === 'act' ? 'ACT' : 'Crypto'} deposit arrived`;
  if (/^transfer\..*\.failed$/.test(message.kind)) return 'Transfer failed';
  return message.kind;
}

/** A line under the title: the amount and market or asset when the record says them. */
export function inboxDetail(message: Pick<LiveMessage, 'record' | 'record_id'>): string {
  const record = message.record;
  // An event carries its record under `object`.
  const inner =
    memberOf(record, 'type') && typeof record === 'object' && record !== null && 'object' in record
      ? (record as { object: unknown }).object
      : record;
  const market = memberOf(inner, 'market');
  const amount = memberOf(inner, 'amount_filled') ?? memberOf(inner, 'amount');
  const asset = memberOf(inner, 'asset');
  const parts = [market, amount && (asset ? `${amount} ${asset}` : amount)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : message.record_id;
}

/** Changes that need someone to act now: a toast besides the inbox. */
export function needsActionNow(message: Pick<LiveMessage, 'kind' | 'inbox'>): boolean {
  return (
    message.inbox &&
    (/\.failed$/.test(message.kind) ||
      message.kind === 'orchestration.pending_approval' ||
      message.kind === 'order.rejected' ||
      message.kind === 'identity.denied' ||
      message.kind === 'identity.disabled')
  );
}
