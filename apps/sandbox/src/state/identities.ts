import type { z } from 'zod';
import type { IdentityControlType, IdentityStatus } from '@console/schemas';
import type { ControlSchema } from '../config-seed';
import { SandboxProblem, fieldError, forbidden, notFound } from '../problem';
import { recordEvent } from './events';
import { controlView } from './identity-view';
import { newId } from './random';
import type { SandboxState } from './store';
import type { Control, IdentityState } from './store-records';

/** A control as a seed or the service's review sets it: the rest is made when it is set. */
export type ControlSpec = z.input<typeof ControlSchema>;

/**
 * A control set on the identity at `at`: its id is the identity's and a number, so that setting
 * one draws nothing random; set by the service and not overridable unless the spec says.
 */
export function newControl(identity: IdentityState, spec: ControlSpec, at: number): Control {
  identity.next_control += 1;
  return {
    id: `${identity.id}-control-${identity.next_control}`,
    type: spec.type,
    set_by: spec.set_by ?? 'SET_BY_SVC',
    is_overridable: spec.is_overridable ?? false,
    ...(spec.reason_code !== undefined ? { reason_code: spec.reason_code } : {}),
    ...(spec.reason !== undefined ? { reason: spec.reason } : {}),
    created_at: at,
  };
}

/** What a request does for an identity: SELL_ONLY allows sells and credits only. */
export type Side = 'buy' | 'sell' | 'debit' | 'credit';

/**
 * An identity and an account named together (appendix B, "Rules that join these to the writes"):
 * both exist (404 naming the field), and the account belongs to the identity, as its primary
 * identity or a member (else 400 naming the account's field).
 */
export function requireIdentityAccount(
  state: SandboxState,
  identityId: string | undefined,
  accountId: string | undefined,
  fields: { identity: string; account: string },
): void {
  if (identityId !== undefined && !state.identities.has(identityId)) {
    throw notFound(`${fields.identity}: identity ${identityId} does not exist`);
  }
  const account = accountId === undefined ? undefined : state.accounts.get(accountId);
  if (accountId !== undefined && !account) {
    throw notFound(`${fields.account}: account ${accountId} does not exist`);
  }
  if (identityId === undefined || !account) return;
  const belongs =
    account.identity_id === identityId || account.members.some((m) => m.identity_id === identityId);
  if (!belongs) {
    throw fieldError(
      fields.account,
      `account ${account.id} does not belong to identity ${identityId} (neither its primary identity nor a member)`,
    );
  }
}

/**
 * An identity may transact only when APPROVED with no active FROZEN or CLOSED control (403,
 * `identity-verification-required`, or a detail naming the control); a SELL_ONLY control refuses
 * buys and debits. Nothing to check when no identity is named.
 */
export function requireMayTransact(
  state: SandboxState,
  identityId: string | undefined,
  field: string,
  side: Side,
): void {
  if (identityId === undefined) return;
  const identity = state.identities.get(identityId);
  if (!identity) throw notFound(`${field}: identity ${identityId} does not exist`);
  if (identity.summary_status !== 'APPROVED') {
    throw new SandboxProblem(
      403,
      'identity-verification-required',
      `${field}: identity ${identityId} is ${identity.summary_status}; only an APPROVED identity can transact`,
      { identity_id: identityId, summary_status: identity.summary_status },
    );
  }
  const control = (type: IdentityControlType) => identity.controls.find((c) => c.type === type);
  const stop = control('FROZEN') ?? control('CLOSED');
  const sellOnly = side === 'buy' || side === 'debit' ? control('SELL_ONLY') : undefined;
  const refused = stop ?? sellOnly;
  if (!refused) return;
  const why = refused.reason_code ? ` (reason ${refused.reason_code})` : '';
  throw forbidden(
    refused.type === 'SELL_ONLY'
      ? `${field}: identity ${identityId} has an active SELL_ONLY control${why}: it may sell, not ${side === 'buy' ? 'buy' : 'send funds'}`
      : `${field}: identity ${identityId} has an active ${refused.type} control${why}: it cannot transact`,
    { identity_id: identityId, control: controlView(refused) },
  );
}

/** The summary statuses that raise an event when an identity reaches them (appendix B). */
const EVENT_OF: Partial<
  Record<IdentityStatus, 'identity.approved' | 'identity.denied' | 'identity.disabled'>
> = { APPROVED: 'identity.approved', DENIED: 'identity.denied', DISABLED: 'identity.disabled' };

/**
 * Changes an identity's summary status or controls, as the service's review does (the sandbox's
 * `PUT /sandbox/identities/{id}`). Reaching APPROVED, DENIED or DISABLED records its event.
 */
export function setIdentityStatus(
  state: SandboxState,
  id: string,
  change: { summary_status?: IdentityStatus | undefined; controls?: ControlSpec[] | undefined },
  at: number,
  /** The event's id, where the demo seed fixes it (an example names it). */
  eventId?: string,
): IdentityState {
  const identity = state.identities.get(id);
  if (!identity) throw notFound(`id: identity ${id} does not exist`);
  const old = identity.summary_status;
  if (change.controls) {
    // A control that stays (same type, reason and setter) keeps its id and since when it holds.
    const before = identity.controls;
    identity.controls = change.controls.map(
      (spec) =>
        before.find(
          (c) =>
            c.type === spec.type &&
            c.reason_code === spec.reason_code &&
            c.set_by === (spec.set_by ?? 'SET_BY_SVC'),
        ) ?? newControl(identity, spec, at),
    );
  }
  if (change.summary_status) identity.summary_status = change.summary_status;
  // Approval meets what was required; an identity approved already keeps what is still asked of
  // it (a KYC refresh under way), whatever a review changes of its controls.
  if (identity.summary_status === 'APPROVED' && old !== 'APPROVED') identity.requirements = [];
  identity.updated_at = at;
  const type = EVENT_OF[identity.summary_status];
  if (type && identity.summary_status !== old) {
    const object = {
      id: newId(),
      identity_id: id,
      old_summary_status: old,
      new_summary_status: identity.summary_status,
    };
    recordEvent(state, type, 'identity_summary_status_change', object, at, eventId);
  }
  return identity;
}
