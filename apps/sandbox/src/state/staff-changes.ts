/*
 * What only the service's own staff can do to its records (issue 64): correct a transfer after
 * the fact, leave one pending, change an order's fill, take a record out of the service's lists.
 * The real service gives a client no call for any of it; the sandbox's control endpoints do, so
 * that each kind of difference reconciliation knows can be made at a real (local) service and
 * found there, not only in the pure matcher's tests.
 *
 * The corrections change the records only: the balances stay as they were, as they would after a
 * correction the service's books make elsewhere. What is tested is the record the service holds.
 */
import Big from 'big.js';
import { marketAssets } from '@console/schemas';
import { iso } from '../clock';
import { badRequest, fieldError, notFound } from '../problem';
import { amountOf, fmtAsset, precisionOf } from './assets';
import { orderView } from './order-view';
import { settleRecord } from './transfers';
import type { SandboxState, TransferState } from './store';

export interface TransferCorrection {
  amount?: string;
  asset?: string;
  /** The debit's profile: where the money came from. */
  profile_id?: string;
  /** The credit leg's profile: where the money went. */
  destination_profile_id?: string;
  status?: 'PENDING' | 'COMPLETED' | 'FAILED';
}

function transferOr404(state: SandboxState, id: string): TransferState {
  const transfer = state.transfers.get(id);
  if (!transfer) throw notFound(`id: transfer ${id} does not exist`);
  return transfer;
}

/** The record and the other records of its group (a transfer's debit and credit). */
function groupOf(state: SandboxState, transfer: TransferState): TransferState[] {
  const group = transfer.record.group_id;
  if (group === undefined) return [transfer];
  return [...state.transfers.values()].filter((t) => t === transfer || t.record.group_id === group);
}

function requireProfile(state: SandboxState, id: string, field: string): void {
  if (!state.profiles.has(id)) throw fieldError(field, `profile ${id} does not exist`);
}

/**
 * Corrects a transfer as the service's staff would (`PATCH /sandbox/transfers/{id}`): its amount
 * (this record's amount and total), its asset (every record of its group), its profile (this
 * record's), its destination (the group's credit leg) or its status (every record of the group).
 * A PENDING transfer given a final status settles as `/settle` settles it, balances and all; a
 * settled one only changes its records. PENDING holds the group: the clock no longer completes
 * it, only a settle does; set back from a settled status it keeps no money to move, so that a
 * later settle does not move it twice.
 *
 * @throws 404 when no transfer has that id; 400 for an unknown asset or profile, or a destination
 *   asked of a transfer without a credit leg.
 */
export function correctTransfer(
  state: SandboxState,
  id: string,
  change: TransferCorrection,
  now: number,
): TransferState['record'] {
  const transfer = transferOr404(state, id);
  const group = groupOf(state, transfer);
  // Everything is checked before anything changes: a refused correction changes nothing.
  const asset = change.asset ?? String(transfer.record.asset);
  if (change.asset !== undefined) precisionOf(change.asset, 'asset');
  const amount = change.amount !== undefined ? amountOf(change.amount, asset, 'amount') : undefined;
  if (change.profile_id !== undefined) requireProfile(state, change.profile_id, 'profile_id');
  const creditLeg = group.find((t) => t.record.direction === 'CREDIT' && t !== transfer);
  if (change.destination_profile_id !== undefined) {
    if (!creditLeg) {
      throw fieldError('destination_profile_id', `transfer ${id} has no credit leg to move`);
    }
    requireProfile(state, change.destination_profile_id, 'destination_profile_id');
  }

  const at = iso(now);
  const touched = new Set<TransferState>();
  if (amount !== undefined) {
    const fee = new Big(String(transfer.record.fee ?? '0'));
    transfer.record.amount = fmtAsset(amount, asset);
    transfer.record.total = fmtAsset(amount.plus(fee), asset);
    touched.add(transfer);
  }
  if (change.asset !== undefined) {
    for (const t of group) {
      Object.assign(t.record, { asset: change.asset, balance_asset: change.asset });
      touched.add(t);
    }
  }
  if (change.profile_id !== undefined) {
    transfer.record.profile_id = change.profile_id;
    touched.add(transfer);
  }
  if (change.destination_profile_id !== undefined && creditLeg) {
    creditLeg.record.profile_id = change.destination_profile_id;
    touched.add(creditLeg);
  }
  if (change.status !== undefined) {
    for (const t of group) setStatus(state, t, change.status, now);
  }
  for (const t of touched) t.record.updated_at = at;
  return transfer.record;
}

function setStatus(
  state: SandboxState,
  t: TransferState,
  status: NonNullable<TransferCorrection['status']>,
  now: number,
): void {
  const was = t.record.status;
  if (status === 'PENDING') {
    t.held = true;
    if (was === 'PENDING') return;
    // The money moved when it settled: nothing is left to move when it settles again.
    delete t.credit;
    delete t.refund;
  } else if (was === 'PENDING') {
    settleRecord(state, t, status, now);
    return;
  }
  t.record.status = status;
  t.record.updated_at = iso(now);
}

/**
 * Changes an order's fill as the service's staff would (`PATCH /sandbox/orders/{id}`): the amount
 * filled and the average price it filled at (kept when not given). Its executions stay as they
 * were: the change is to the order's record.
 *
 * @throws 404 when no order has that id; 400 for an amount beyond the base asset's precision, or
 *   an average price without any amount filled.
 */
export function changeFill(
  state: SandboxState,
  id: string,
  change: { amount_filled?: string; average_price?: string },
  now: number,
): Record<string, unknown> {
  const order = state.orders.get(id);
  if (!order) throw notFound(`id: order ${id} does not exist`);
  const { base } = marketAssets(order.market);
  const filled =
    change.amount_filled !== undefined
      ? amountOf(change.amount_filled, base, 'amount_filled')
      : order.amount_filled;
  if (filled.eq(0) && change.average_price !== undefined) {
    throw fieldError('average_price', 'an order with nothing filled has no average price');
  }
  const price =
    change.average_price !== undefined
      ? new Big(change.average_price)
      : order.amount_filled.gt(0)
        ? order.gross_filled.div(order.amount_filled)
        : new Big(0);
  order.amount_filled = filled;
  order.gross_filled = filled.times(price);
  order.modified_at = now;
  return orderView(order);
}

export type DroppedKind = 'transfers' | 'orders' | 'orchestrations';

/** The transfer ids a record names as its parts (an orchestration's legs). */
function partIds(value: unknown, into: Set<string>, key = ''): Set<string> {
  if (typeof value === 'string') {
    if (key.endsWith('transfer_id')) into.add(value);
  } else if (value !== null && typeof value === 'object') {
    for (const [inner, item] of Object.entries(value)) partIds(item, into, inner);
  }
  return into;
}

/**
 * Takes a record out of the service's lists and reads by id (`DELETE /sandbox/{kind}/{id}`), with
 * the records that are its parts, so that what is gone is one thing done at the service: a
 * transfer with the other records of its group, an order with its executions, an orchestration
 * with its legs. Its `ref_id` stays used, and its events stay in the event log.
 *
 * @throws 404 when no record of that kind has that id.
 */
export function dropRecord(state: SandboxState, kind: DroppedKind, id: string): string[] {
  if (kind === 'transfers') {
    const group = groupOf(state, transferOr404(state, id));
    for (const t of group) state.transfers.delete(t.record.id);
    return group.map((t) => t.record.id);
  }
  if (kind === 'orders') {
    if (!state.orders.delete(id)) throw notFound(`id: order ${id} does not exist`);
    state.executions = state.executions.filter((e) => e.order_id !== id);
    return [id];
  }
  const orchestration = state.orchestrations.get(id);
  if (!orchestration) throw notFound(`id: orchestration ${id} does not exist`);
  state.orchestrations.delete(id);
  const legs = [...partIds(orchestration.record, new Set())].filter((leg) =>
    state.transfers.delete(leg),
  );
  return [id, ...legs];
}

/** A 400 for a correction that asks for nothing (an empty body is a mistake, not a no-op). */
export function requireSomeChange(change: object): void {
  if (Object.keys(change).length === 0)
    throw badRequest('body: name at least one member to change');
}
