import { SandboxProblem } from '../problem';
import { isClosed } from './order-engine';
import { refKey, type RefKind, type SandboxState } from './store';

/** An order's ref_id may be used again once that order has been closed this long (spec, Limits). */
export const ORDER_REF_REUSE_MS = 24 * 60 * 60 * 1000;

/**
 * Throws 409 already-exists when `refId` was already used for this kind of resource, with
 * `meta.existing` the record exactly as it was first answered.
 */
export function requireFreshRef(
  state: SandboxState,
  kind: RefKind,
  refId: string | undefined,
  now: number,
): void {
  if (refId === undefined) return;
  const entry = state.refs.get(refKey(kind, refId));
  if (!entry) return;
  if (kind === 'order' && entry.order_id) {
    const order = state.orders.get(entry.order_id);
    if (
      order &&
      isClosed(order) &&
      order.closed_at !== undefined &&
      now - order.closed_at > ORDER_REF_REUSE_MS
    ) {
      return;
    }
  }
  throw new SandboxProblem(409, 'already-exists', `ref_id ${refId} has already been used`, {
    existing: entry.answered,
  });
}

/** Stores what a ref_id was answered with: a deep copy, so later changes to the record do not leak in. */
export function rememberRef(
  state: SandboxState,
  kind: RefKind,
  refId: string | undefined,
  answered: unknown,
  orderId?: string,
): void {
  if (refId === undefined) return;
  state.refs.set(refKey(kind, refId), {
    answered: structuredClone(answered),
    ...(orderId ? { order_id: orderId } : {}),
  });
}
