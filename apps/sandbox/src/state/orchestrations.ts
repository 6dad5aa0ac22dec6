import Big from 'big.js';
import type { DestinationRequest, Metadata, SourceRequest } from '@console/schemas';
import { iso } from '../clock';
import { badRequest, notFound } from '../problem';
import { ASSET_PRECISION, ROUND_DOWN, amountOf, fmtAsset, precisionOf } from './assets';
import { available, credit, debit, profileOr404 } from './balances';
import { requireIdentityAccount } from './identities';
import { isAddressOf } from './networks';
import { usdValue } from './prices';
import { uuidFrom } from './random';
import { rememberRef, requireFreshRef } from './refs';
import type { OrchestrationState, SandboxState } from './store';

/** An orchestration is PROCESSING this long, then COMPLETED or FAILED. */
export const ORCHESTRATION_PROCESS_MS = 2_000;

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

const fieldError = (path: string, message: string) =>
  badRequest(`${path}: ${message}`, { errors: [{ path, message }] });

/** Checks that the rails of a source and destination name things that exist. */
export function checkRails(
  state: SandboxState,
  source: SourceRequest,
  destination?: DestinationRequest,
): void {
  if (source.profile) profileOr404(state, source.profile.profile_id, 'source.profile.profile_id');
  if (source.fiat && !state.deposit_instructions.has(source.fiat.deposit_instructions_id)) {
    throw notFound(
      `source.fiat.deposit_instructions_id: deposit instructions ${source.fiat.deposit_instructions_id} do not exist`,
    );
  }
  if (
    source.crypto?.address_id !== undefined &&
    !state.deposit_addresses.has(source.crypto.address_id)
  ) {
    throw notFound(
      `source.crypto.address_id: deposit address ${source.crypto.address_id} does not exist`,
    );
  }
  if (destination?.profile)
    profileOr404(state, destination.profile.profile_id, 'destination.profile.profile_id');
  if (destination?.fiat && !state.fiat_accounts.has(destination.fiat.fiat_account_id)) {
    throw notFound(
      `destination.fiat.fiat_account_id: fiat account ${destination.fiat.fiat_account_id} does not exist`,
    );
  }
  if (destination?.crypto && !isAddressOf(destination.crypto.network, destination.crypto.address)) {
    throw fieldError(
      'destination.crypto.address',
      `not an address of the ${destination.crypto.network} network`,
    );
  }
}

/** Checks both assets are known and convertible through the simulated markets. */
export function checkAssets(
  state: SandboxState,
  sourceAsset: string,
  destinationAsset: string,
  now: number,
): void {
  precisionOf(sourceAsset, 'source_asset');
  precisionOf(destinationAsset, 'destination_asset');
  if (!usdValue(state.prices, sourceAsset, now) || !usdValue(state.prices, destinationAsset, now)) {
    throw fieldError(
      'destination_asset',
      `${sourceAsset} cannot be converted to ${destinationAsset}`,
    );
  }
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
): Record<string, unknown> {
  const profile = profileOr404(state, body.profile_id);
  requireIdentityAccount(state, body.identity_id, body.account_id, {
    identity: 'identity_id',
    account: 'account_id',
  });
  checkAssets(state, body.source_asset, body.destination_asset, now);
  const amount = amountOf(body.source_amount, body.source_asset, 'source_amount');
  checkRails(state, body.source, body.destination);
  requireFreshRef(state, 'orchestration', body.ref_id, now);

  const leg = (direction: 'DEBIT' | 'CREDIT', profileId: string, asset: string, type: string) => {
    const record = {
      id: uuidFrom(state.random),
      customer_id: profile.customer_id,
      profile_id: profileId,
      amount: fmtAsset(amount, body.source_asset),
      total: fmtAsset(amount, body.source_asset),
      fee: fmtAsset(new Big(0), asset),
      asset,
      direction,
      type,
      status: 'PENDING',
      created_at: iso(now),
      updated_at: iso(now),
    };
    state.transfers.set(record.id, { record, completes_at: Number.POSITIVE_INFINITY });
    return record.id;
  };
  const fundingProfile = body.source.profile?.profile_id ?? profile.id;
  const destinationProfile = body.destination.profile?.profile_id;
  const destinationType = destinationProfile
    ? 'INTERNAL_TRANSFER_CREDIT'
    : body.destination.fiat
      ? 'WIRE_WITHDRAWAL'
      : 'CRYPTO_WITHDRAWAL';
  const sourceTransferId = leg(
    'DEBIT',
    fundingProfile,
    body.source_asset,
    'INTERNAL_TRANSFER_DEBIT',
  );
  const destinationTransferId = leg(
    'CREDIT',
    destinationProfile ?? profile.id,
    body.destination_asset,
    destinationType,
  );

  const record = {
    id: uuidFrom(state.random),
    profile_id: profile.id,
    ...(body.identity_id ? { identity_id: body.identity_id } : {}),
    ...(body.account_id ? { account_id: body.account_id } : {}),
    customer_id: profile.customer_id,
    ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
    source_asset: body.source_asset,
    destination_asset: body.destination_asset,
    source_amount: fmtAsset(amount, body.source_asset),
    source_transfer: { transfer_id: sourceTransferId, status: 'PENDING' },
    destination_transfer: { transfer_id: destinationTransferId, status: 'PENDING' },
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
    processes_at: now + ORCHESTRATION_PROCESS_MS,
    source_profile_id: fundingProfile,
    ...(destinationProfile ? { destination_profile_id: destinationProfile } : {}),
    source_amount: amount,
    source_transfer_id: sourceTransferId,
    destination_transfer_id: destinationTransferId,
  });
  rememberRef(state, 'orchestration', body.ref_id, record);
  return structuredClone(record);
}

function settle(state: SandboxState, o: OrchestrationState, status: 'COMPLETED' | 'FAILED'): void {
  const at = iso(o.processes_at);
  for (const [key, id] of [
    ['source_transfer', o.source_transfer_id],
    ['destination_transfer', o.destination_transfer_id],
  ] as const) {
    const t = state.transfers.get(id);
    if (t) Object.assign(t.record, { status, updated_at: at });
    (o.record[key] as { status: string }).status = status;
  }
  Object.assign(o.record, { status, updated_at: at });
}

/** Processes the orchestrations whose time has come. */
export function advanceOrchestrations(state: SandboxState, now: number): void {
  for (const o of state.orchestrations.values()) {
    if (o.record.status !== 'PROCESSING' || now < o.processes_at) continue;
    const from = state.profiles.get(o.source_profile_id);
    const sourceAsset = o.record.source_asset as string;
    const destinationAsset = o.record.destination_asset as string;
    const have = from ? available(from, sourceAsset) : new Big(0);
    if (!from || have.lt(o.source_amount)) {
      o.record.fail_reason = {
        code: 'INSUFFICIENT_FUNDS',
        message: `Profile ${o.source_profile_id} had ${fmtAsset(have, sourceAsset)} ${sourceAsset} available; ${fmtAsset(o.source_amount, sourceAsset)} needed`,
      };
      settle(state, o, 'FAILED');
      continue;
    }
    debit(from, sourceAsset, o.source_amount);
    const rate =
      sourceAsset === destinationAsset
        ? new Big(1)
        : (usdValue(state.prices, sourceAsset, o.processes_at) ?? new Big(0)).div(
            usdValue(state.prices, destinationAsset, o.processes_at) ?? new Big(1),
          );
    const out = o.source_amount
      .times(rate)
      .round(ASSET_PRECISION[destinationAsset] ?? 2, ROUND_DOWN);
    const destinationLeg = state.transfers.get(o.destination_transfer_id);
    if (destinationLeg) {
      destinationLeg.record.amount = fmtAsset(out, destinationAsset);
      destinationLeg.record.total = fmtAsset(out, destinationAsset);
    }
    const to = o.destination_profile_id ? state.profiles.get(o.destination_profile_id) : undefined;
    if (to) credit(to, destinationAsset, out);
    settle(state, o, 'COMPLETED');
  }
}
