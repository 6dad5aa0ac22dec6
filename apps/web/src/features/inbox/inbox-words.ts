/**
 * An inbox item in words: what happened, to which record. Kinds the console does not know are
 * shown as the service named them.
 */
import type { LiveMessage } from '@console/schemas';
import { pagePath } from '@/lib/operation-routes';

const TITLES: Record<string, string> = {
  'order.filled': 'Order filled',
  'order.expired': 'Order expired',
  'order.rejected': 'Order rejected',
  'orchestration.pending_approval': 'Orchestration waits for the service’s approval',
  'orchestration.failed': 'Orchestration failed',
  'orchestration.completed': 'Orchestration completed',
  'identity.denied': 'Identity denied',
  'identity.disabled': 'Identity disabled',
  'identity.documents_required': 'Identity needs documents',
};

/** Rails whose names are acronyms; the others are capitalised. */
const RAIL_NAMES: Record<string, string> = { act: 'ACT', sen: 'SEN', cbit: 'CBIT' };

const memberOf = (record: unknown, name: string): string | undefined => {
  if (record === null || typeof record !== 'object') return undefined;
  const value = (record as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

export function inboxTitle(message: Pick<LiveMessage, 'kind'>): string {
  const known = TITLES[message.kind];
  if (known) return known;
  const transfer = /^transfer\.([a-z_]+)\.(completed|failed)$/.exec(message.kind);
  if (!transfer) return message.kind;
  const type = transfer[1] ?? '';
  const failed = transfer[2] === 'failed';
  const rail = /^([a-z]+)_deposit$/.exec(type)?.[1];
  if (rail) {
    const name = RAIL_NAMES[rail] ?? rail.charAt(0).toUpperCase() + rail.slice(1);
    return `${name} deposit ${failed ? 'failed' : 'arrived'}`;
  }
  if (type.endsWith('_credit')) return failed ? 'Incoming transfer failed' : 'Transfer received';
  return failed ? 'Transfer failed' : 'Transfer completed';
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

/** The console's page of the record an item is about, when it has one. */
export function inboxPath(
  message: Pick<LiveMessage, 'record_type' | 'record_id' | 'profile_id'>,
): string | undefined {
  const id = message.record_id;
  switch (message.record_type) {
    case 'transfer':
      return pagePath('getTransfer', { id });
    case 'orchestration':
      return pagePath('getOrchestration', { id });
    case 'identity':
      return pagePath('getIdentity', { id });
    case 'order':
      return message.profile_id
        ? pagePath('getOrder', { profile_id: message.profile_id, id })
        : undefined;
    default:
      return undefined;
  }
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

/**
 * The bell's count and name: what is unread and what waits for this operator's approval, so the
 * bell never shows nothing while the drawer holds a request to decide (issue 60, item 4).
 */
export function bellWords({ unread, waiting }: { unread: number; waiting: number }): {
  count: number;
  label: string;
} {
  const parts = ['Inbox'];
  if (unread > 0) parts.push(`${unread} unread`);
  if (waiting > 0)
    parts.push(
      waiting === 1
        ? '1 request waits for your approval'
        : `${waiting} requests wait for your approval`,
    );
  return { count: unread + waiting, label: parts.join(', ') };
}
