import type { EventObjectType, EventType } from '@console/schemas';
import { iso } from '../clock';
import { notFound } from '../problem';
import { newId } from './random';
import type { SandboxState } from './store';
import type { EventRecord, EventState } from './store-records';

/**
 * Records an event at `at`, with a random id (or the fixed one the demo seed names).
 */
export function recordEvent(
  state: SandboxState,
  type: EventType,
  objectType: EventObjectType,
  object: Record<string, unknown>,
  at: number,
  fixedId?: string,
): EventRecord {
  const record: EventRecord = {
    id: fixedId ?? newId(),
    type,
    object_type: objectType,
    object: structuredClone(object),
    created_at: iso(at),
    undelivered_webhooks: 0,
  };
  state.events.push({ seq: state.events.length, record });
  return record;
}

/** The sort key of an event: its time, then its place in the log. */
export function eventKey(e: EventState): readonly [string, string] {
  return [e.record.created_at, String(e.seq).padStart(12, '0')];
}

export function eventOr404(state: SandboxState, id: string): EventRecord {
  const found = state.events.find((e) => e.record.id === id);
  if (!found) throw notFound(`id: event ${id} does not exist`);
  return found.record;
}

/** The transfers that raise events (appendix B), by their transfer type. */
const EVENT_TRANSFERS: Record<string, string> = {
  CRYPTO_DEPOSIT: 'crypto_deposit',
  CRYPTO_WITHDRAWAL: 'crypto_withdrawal',
  ACT_DEPOSIT: 'act_deposit',
  ACT_WITHDRAWAL: 'act_withdrawal',
};

/**
 * A crypto or ACT transfer reached a status: `transfer.<kind>.<status>`. Internal and service
 * transfers, wires and the other rails raise none (follow them with List Transfers).
 */
export function transferEvent(state: SandboxState, t: Record<string, unknown>, at: number): void {
  const kind = EVENT_TRANSFERS[String(t.type)];
  if (!kind) return;
  const status = String(t.status);
  const pick = (names: string[]) =>
    Object.fromEntries(names.filter((n) => t[n] !== undefined).map((n) => [n, t[n]]));
  recordEvent(
    state,
    `transfer.${kind}.${status.toLowerCase()}` as EventType,
    'transfer_status_change',
    pick([
      'id',
      'type',
      'status',
      'profile_id',
      'ref_id',
      'crypto_network',
      'crypto_tx_hash',
      'crypto_tx_index',
      'memo',
    ]),
    at,
  );
}

/** An orchestration reached a status: `orchestration.<status>`. */
export function orchestrationEvent(
  state: SandboxState,
  o: Record<string, unknown>,
  at: number,
): void {
  const status = String(o.status);
  recordEvent(
    state,
    `orchestration.${status.toLowerCase()}` as EventType,
    'orchestration_status_change',
    {
      id: o.id,
      ...(o.ref_id !== undefined ? { ref_id: o.ref_id } : {}),
      status,
      // Absent for an orchestration created directly (its record carries "").
      ...(o.orchestration_rule_id ? { orchestration_rule_id: o.orchestration_rule_id } : {}),
    },
    at,
  );
}
