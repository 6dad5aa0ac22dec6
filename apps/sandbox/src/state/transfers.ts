import Big from 'big.js';
import type { Metadata } from '@console/schemas';
import { iso } from '../clock';
import { badRequest, notFound } from '../problem';
import { ASSET_PRECISION, ROUND_UP, amountOf, fmtAsset } from './assets';
import { credit, debit, profileOr404, requireAvailable } from './balances';
import { requireIdentityAccount, requireMayTransact } from './identities';
import { requireWithinLimits, useLimits, usdMoved } from './transfer-limits';
import { newId } from './random';
import { rememberRef, requireFreshRef } from './refs';
import type { SandboxState, TransferState } from './store';

/** Svc transfer fee: 0.1 % of the amount, rounded up to the asset's places. Internal transfers are free. */
export const SVC_FEE_RATE = '0.001';

export interface TransferRequest {
  from_profile_id: string;
  to_profile_id: string;
  amount: string;
  asset: string;
  ref_id?: string;
  metadata?: Metadata;
  recipient_metadata?: Metadata;
  from_identity_id?: string;
  from_account_id?: string;
  to_identity_id?: string;
  to_account_id?: string;
}

/**
 * Creates the debit and credit records of an internal or svc transfer, linked by `group_id`.
 * The sender is debited amount plus fee at once; the recipient is credited the amount when the
 * records complete. Answers the debit record.
 */
export function createTransfer(
  state: SandboxState,
  kind: 'INTERNAL_TRANSFER' | 'SVC_TRANSFER',
  body: TransferRequest,
  now: number,
  /** The debit's id, where the demo seed fixes it (the operations' examples name it). */
  fixedId?: string,
): Record<string, unknown> {
  const from = profileOr404(state, body.from_profile_id, 'from_profile_id');
  const to = profileOr404(state, body.to_profile_id, 'to_profile_id');
  requireIdentityAccount(state, body.from_identity_id, body.from_account_id, {
    identity: 'from_identity_id',
    account: 'from_account_id',
  });
  requireIdentityAccount(state, body.to_identity_id, body.to_account_id, {
    identity: 'to_identity_id',
    account: 'to_account_id',
  });
  requireMayTransact(state, body.from_identity_id, 'from_identity_id', 'debit');
  requireMayTransact(state, body.to_identity_id, 'to_identity_id', 'credit');
  const amount = amountOf(body.amount, body.asset, 'amount');
  if (amount.lte(0)) throw badRequest('amount: must be greater than 0');
  requireFreshRef(state, 'transfer', body.ref_id, now);
  const type = `${kind}_DEBIT`;
  const moved = usdMoved(state, body.asset, amount, now);
  requireWithinLimits(state, type, moved, 'amount', now);
  const places = ASSET_PRECISION[body.asset] ?? 2;
  const fee =
    kind === 'SVC_TRANSFER' ? amount.times(SVC_FEE_RATE).round(places, ROUND_UP) : new Big(0);
  const total = amount.plus(fee);
  requireAvailable(from, body.asset, total);
  debit(from, body.asset, total);
  useLimits(state, type, moved, now);

  const groupId = newId();
  const common = {
    customer_id: from.customer_id,
    asset: body.asset,
    balance_asset: body.asset,
    amount: fmtAsset(amount, body.asset),
    status: 'PENDING',
    created_at: iso(now),
    updated_at: iso(now),
    group_id: groupId,
  };
  const debitRecord = {
    id: fixedId ?? newId(),
    ...common,
    profile_id: from.id,
    fee: fmtAsset(fee, body.asset),
    total: fmtAsset(total, body.asset),
    direction: 'DEBIT',
    type,
    ...(body.from_identity_id ? { identity_id: body.from_identity_id } : {}),
    ...(body.from_account_id ? { account_id: body.from_account_id } : {}),
    ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
    metadata: body.metadata ?? {},
  };
  const creditRecord = {
    id: newId(),
    ...common,
    profile_id: to.id,
    fee: fmtAsset(new Big(0), body.asset),
    total: fmtAsset(amount, body.asset),
    direction: 'CREDIT',
    type: `${kind}_CREDIT`,
    ...(body.to_identity_id ? { identity_id: body.to_identity_id } : {}),
    ...(body.to_account_id ? { account_id: body.to_account_id } : {}),
    metadata: body.recipient_metadata ?? {},
  };
  const completesAt = now + state.timings.transfer_settle_ms;
  state.transfers.set(debitRecord.id, {
    record: debitRecord,
    completes_at: completesAt,
    refund: { profile_id: from.id, asset: body.asset, amount: total },
  });
  state.transfers.set(creditRecord.id, {
    record: creditRecord,
    completes_at: completesAt,
    credit: { profile_id: to.id, asset: body.asset, amount },
  });
  const answer = structuredClone(debitRecord);
  rememberRef(state, 'transfer', body.ref_id, answer);
  return answer;
}

/** Records a transfer that is already settled (deposits, orchestration legs). */
export function recordSettled(
  state: SandboxState,
  record: TransferState['record'],
  now: number,
): void {
  state.transfers.set(record.id, { record, completes_at: now });
}

/** Completes the PENDING transfers whose time has come, but for those the staff hold. */
export function advanceTransfers(state: SandboxState, now: number): void {
  for (const t of state.transfers.values()) {
    if (t.record.status === 'PENDING' && !t.held && now >= t.completes_at) {
      settleRecord(state, t, 'COMPLETED', t.completes_at);
    }
  }
}

/**
 * Settles a PENDING transfer: COMPLETED credits the recipient; FAILED gives the sender back what
 * was debited (amount and fee). Nothing happens to a transfer already settled.
 */
export function settleRecord(
  state: SandboxState,
  t: TransferState,
  status: 'COMPLETED' | 'FAILED',
  at: number,
) {
  if (t.record.status !== 'PENDING') return;
  delete t.held;
  t.record.status = status;
  t.record.updated_at = iso(at);
  const move = status === 'COMPLETED' ? t.credit : t.refund;
  const profile = move && state.profiles.get(move.profile_id);
  if (move && profile) credit(profile, move.asset, move.amount);
}

/**
 * Settles a transfer now, with both records of its group (POST /sandbox/transfers/{id}/settle).
 *
 * @throws 404 when no transfer has that id.
 */
export function settleTransferNow(
  state: SandboxState,
  id: string,
  status: 'COMPLETED' | 'FAILED',
  now: number,
): TransferState['record'] {
  const transfer = state.transfers.get(id);
  if (!transfer) throw notFound(`id: transfer ${id} does not exist`);
  const group = transfer.record.group_id;
  for (const t of state.transfers.values()) {
    if (t === transfer || (group !== undefined && t.record.group_id === group)) {
      settleRecord(state, t, status, now);
    }
  }
  return transfer.record;
}
