import Big from 'big.js';
import type { DestinationRequest, Metadata, SourceRequest } from '@console/schemas';
import { iso } from '../clock';
import { notFound } from '../problem';
import { ASSET_PRECISION, ROUND_DOWN, amountOf, fmtAsset } from './assets';
import { available, credit, debit, profileOr404 } from './balances';
import { requirePayable } from './destination-addresses';
import { orchestrationEvent, transferEvent } from './events';
import { requireIdentityAccount, requireMayTransact } from './identities';
import { usdValue } from './prices';
import { checkAssets, checkRails } from './rails';
import { newId } from './random';
import { rememberRef, requireFreshRef } from './refs';
import { requireWithinLimits, useLimits, usdMoved } from './transfer-limits';
import { recordSettled } from './transfers';
import type { OrchestrationState, SandboxState, TransferState } from './store';

export interface OrchestrationRequest {
  profile_id: string;
  identity_id?: string;
  account_id?: string;
  ref_id?: string;
  source_asset: string;
  destination_asset: string;
  source_amount: string;
  source: SourceRequest;
  destination: DestinationRequest;
  metadata?: Metadata;
}

/**
 * Creates an orchestration, PROCESSING with PENDING legs. At processing the source amount leaves
 * the funding profile (the source profile rail, else `profile_id`), is converted at the market
 * price when the assets differ, and reaches the destination (credited when it is a profile).
 */
export function createOrchestration(
  state: SandboxState,
  body: OrchestrationRequest,
  now: number,
  ruleId = '',
  /** The orchestration's id, where the demo seed fixes it (the operations' examples name it). */
  fixedId?: string,
): Record<string, unknown> {
  const profile = profileOr404(state, body.profile_id);
  requireIdentityAccount(state, body.identity_id, body.account_id, {
    identity: 'identity_id',
    account: 'account_id',
  });
  requireMayTransact(state, body.identity_id, 'identity_id', 'debit');
  checkAssets(state, body.source_asset, body.destination_asset, now);
  const amount = amountOf(body.source_amount, body.source_asset, 'source_amount');
  checkRails(state, body.source, body.destination);
  const crypto = body.destination.crypto;
  if (crypto) requirePayable(state, crypto.network, crypto.address, body.identity_id);
  requireFreshRef(state, 'orchestration', body.ref_id, now);
  // A payout counts against the withdrawal limits of its rail, a move between profiles against none.
  const payout = payoutType(state, body.destination);
  const moved = usdMoved(state, body.source_asset, amount, now);
  if (payout) requireWithinLimits(state, payout, moved, 'source_amount', now);

  const fundingProfile = body.source.profile?.profile_id ?? profile.id;
  const destinationProfile = body.destination.profile?.profile_id;

  const record = {
    id: fixedId ?? newId(),
    profile_id: profile.id,
    ...(body.identity_id ? { identity_id: body.identity_id } : {}),
    ...(body.account_id ? { account_id: body.account_id } : {}),
    customer_id: profile.customer_id,
    ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
    source_asset: body.source_asset,
    destination_asset: body.destination_asset,
    source_amount: fmtAsset(amount, body.source_asset),
    // PENDING: the transfers are planned; their ids are known once they run.
    source_transfer: { status: 'PENDING' },
    destination_transfer: { status: 'PENDING' },
    status: 'PROCESSING',
    source: structuredClone(body.source),
    destination: structuredClone(body.destination),
    orchestration_rule_id: ruleId,
    created_at: iso(now),
    updated_at: iso(now),
    metadata: body.metadata ?? {},
  };
  state.orchestrations.set(record.id, {
    record,
    processes_at: now + state.timings.orchestration_process_ms,
    source_profile_id: fundingProfile,
    ...(destinationProfile ? { destination_profile_id: destinationProfile } : {}),
    source_amount: amount,
  });
  if (payout) useLimits(state, payout, moved, now);
  rememberRef(state, 'orchestration', body.ref_id, record);
  orchestrationEvent(state, record, now);
  return structuredClone(record);
}

/** Processes the orchestrations whose time has come. */
export function advanceOrchestrations(state: SandboxState, now: number): void {
  for (const o of state.orchestrations.values()) {
    if (o.record.status === 'PROCESSING' && now >= o.processes_at)
      process(state, o, o.processes_at);
  }
}

/**
 * Processes an orchestration now (POST /sandbox/orchestrations/{id}/settle): COMPLETED as its
 * time would have made it, or FAILED on request.
 *
 * @throws 404 when no orchestration has that id.
 */
export function settleOrchestrationNow(
  state: SandboxState,
  id: string,
  status: 'COMPLETED' | 'FAILED',
  now: number,
): OrchestrationState['record'] {
  const o = state.orchestrations.get(id);
  if (!o) throw notFound(`id: orchestration ${id} does not exist`);
  if (o.record.status !== 'PROCESSING') return o.record;
  if (status === 'FAILED') {
    fail(state, o, 'The orchestration was failed by a sandbox control call', now);
  } else process(state, o, now);
  return o.record;
}

function fail(state: SandboxState, o: OrchestrationState, detail: string, at: number): void {
  o.record.fail_reason = { detail };
  for (const leg of ['source_transfer', 'destination_transfer'] as const) {
    o.record[leg] = { status: 'FAILED' };
  }
  Object.assign(o.record, { status: 'FAILED', updated_at: iso(at) });
  orchestrationEvent(state, o.record, at);
}

/**
 * The transfer type of an orchestration's payout: a wire to a fiat account (ACT to one with DBS
 * ACT instructions), a crypto withdrawal to an address; none when it credits a profile.
 */
function payoutType(state: SandboxState, destination: DestinationRequest): string | undefined {
  if (destination.crypto) return 'CRYPTO_WITHDRAWAL';
  if (!destination.fiat) return undefined;
  const account = state.fiat_accounts.get(destination.fiat.fiat_account_id);
  const rails = account?.record.fiat_network_instructions as { dbs_act?: unknown } | undefined;
  return rails?.dbs_act ? 'ACT_WITHDRAWAL' : 'WIRE_WITHDRAWAL';
}

/**
 * The source amount leaves the funding profile, converted at the market price through USD when
 * the assets differ, and reaches the destination: credited to a profile, or leaving the sandbox to
 * a fiat account or a crypto address. Both legs become transfers, COMPLETED.
 */
function process(state: SandboxState, o: OrchestrationState, at: number): void {
  const from = state.profiles.get(o.source_profile_id);
  const sourceAsset = o.record.source_asset as string;
  const destinationAsset = o.record.destination_asset as string;
  const have = from ? available(from, sourceAsset) : new Big(0);
  if (!from || have.lt(o.source_amount)) {
    const needed = fmtAsset(o.source_amount, sourceAsset);
    const detail = `Insufficient funds: profile ${o.source_profile_id} had ${fmtAsset(have, sourceAsset)} ${sourceAsset} available; ${needed} needed`;
    return fail(state, o, detail, at);
  }
  debit(from, sourceAsset, o.source_amount);
  const rate =
    sourceAsset === destinationAsset
      ? new Big(1)
      : (usdValue(state.prices, sourceAsset, at) ?? new Big(0)).div(
          usdValue(state.prices, destinationAsset, at) ?? new Big(1),
        );
  const out = o.source_amount.times(rate).round(ASSET_PRECISION[destinationAsset] ?? 2, ROUND_DOWN);
  const to = o.destination_profile_id ? state.profiles.get(o.destination_profile_id) : undefined;
  if (to) credit(to, destinationAsset, out);
  const destination = o.record.destination as DestinationRequest;
  const leg = (fields: Record<string, unknown>, asset: string, amount: Big) => {
    const record = {
      id: newId(),
      customer_id: from.customer_id,
      amount: fmtAsset(amount, asset),
      total: fmtAsset(amount, asset),
      fee: fmtAsset(new Big(0), asset),
      asset,
      balance_asset: asset,
      status: 'COMPLETED',
      created_at: iso(at),
      updated_at: iso(at),
      metadata: {},
      ...fields,
    } as TransferState['record'];
    recordSettled(state, record, at);
    transferEvent(state, record, at);
    return { transfer_id: record.id, status: 'COMPLETED' };
  };
  o.record.source_transfer = leg(
    { profile_id: from.id, direction: 'DEBIT', type: 'INTERNAL_TRANSFER_DEBIT' },
    sourceAsset,
    o.source_amount,
  );
  o.record.destination_transfer = leg(
    to
      ? { profile_id: to.id, direction: 'CREDIT', type: 'INTERNAL_TRANSFER_CREDIT' }
      : destination.fiat
        ? {
            profile_id: from.id,
            direction: 'DEBIT',
            type: payoutType(state, destination),
            fiat_account_id: destination.fiat.fiat_account_id,
          }
        : {
            profile_id: from.id,
            direction: 'DEBIT',
            type: 'CRYPTO_WITHDRAWAL',
            destination_address: destination.crypto?.address,
            crypto_network: destination.crypto?.network,
          },
    destinationAsset,
    out,
  );
  Object.assign(o.record, { status: 'COMPLETED', updated_at: iso(at) });
  orchestrationEvent(state, o.record, at);
}
