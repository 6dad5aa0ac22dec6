/**
 * The demo's past movements: transfers (one failed), deposits, deposit addresses, a rule and the
 * orchestration it made, over the days before the console's first start.
 */
import { DEMO_IDS } from '@console/schemas';
import { profileOr404 } from './balances';
import { simulateDeposit } from './deposits';
import { createAddress } from './deposit-addresses';
import { advanceOrchestrations, createOrchestration } from './orchestrations';
import { rememberRef } from './refs';
import { ruleSource } from './rules';
import type { SandboxState } from './store';
import { advanceTransfers, createTransfer, settleTransferNow } from './transfers';
import { iso } from '../clock';

const P = DEMO_IDS.profiles;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Money movements of the demo history between the market-making and omnibus profiles: internal
 * and svc transfers (one failed), deposits to addresses and by wire, a rule that converts USDP
 * deposits to USD with the orchestration a deposit made, and an ad-hoc payout to a fiat account.
 */
export function seedPastMovements(state: SandboxState, start: number): void {
  const mm = profileOr404(state, P.marketMaking);
  const omnibus = profileOr404(state, P.omnibus);
  const settle = (at: number) => {
    advanceTransfers(state, at);
    advanceOrchestrations(state, at);
  };
  let t = start;
  const transfer = (
    kind: 'INTERNAL_TRANSFER' | 'SVC_TRANSFER',
    from: string,
    to: string,
    amount: string,
    asset: string,
    ref: string,
    id?: string,
  ) => {
    t += 6 * HOUR;
    const made = createTransfer(
      state,
      kind,
      {
        from_profile_id: from,
        to_profile_id: to,
        amount,
        asset,
        ref_id: ref,
        metadata: { seeded: 'true' },
      },
      t,
      id,
    );
    settle(t + state.timings.transfer_settle_ms);
    return made;
  };
  transfer(
    'INTERNAL_TRANSFER',
    mm.id,
    omnibus.id,
    '10000.00',
    'USD',
    'seed-transfer-usd',
    DEMO_IDS.transfers.usd,
  );
  transfer('SVC_TRANSFER', omnibus.id, mm.id, '0.5', 'BTC', 'seed-transfer-btc');
  t += HOUR;
  const failed = createTransfer(
    state,
    'INTERNAL_TRANSFER',
    {
      from_profile_id: mm.id,
      to_profile_id: omnibus.id,
      amount: '750.00',
      asset: 'USD',
      ref_id: 'seed-transfer-failed',
    },
    t,
  );
  settleTransferNow(state, failed.id as string, 'FAILED', t + HOUR);

  t += DAY;
  const desk = createAddress(
    state,
    mm,
    {
      crypto_network: 'ETHEREUM',
      ref_id: 'seed-address-desk',
      metadata: { desk: 'market-making' },
    },
    t,
  );
  createAddress(
    state,
    omnibus,
    { crypto_network: 'BITCOIN', ref_id: 'seed-address-btc' },
    t + HOUR,
  );
  simulateDeposit(
    state,
    { asset: 'ETH', amount: '12', deposit_address_id: desk.id },
    (t += 2 * HOUR),
  );
  simulateDeposit(
    state,
    { asset: 'USD', amount: '50000.00', profile_id: omnibus.id, memo: 'WIRE REF 20417' },
    (t += 3 * HOUR),
  );

  t += DAY;
  const source = ruleSource(state, omnibus, { crypto: { network: 'ETHEREUM' } }, 'USDP', t);
  const rule = {
    id: DEMO_IDS.rules.sweep,
    ref_id: 'seed-rule-usdp-sweep',
    nickname: 'Sweep USDP deposits to USD',
    profile_id: omnibus.id,
    status: 'ACTIVE',
    source_asset: 'USDP',
    destination_asset: 'USD',
    source,
    destination: { profile: { profile_id: omnibus.id } },
    created_at: iso(t),
  };
  state.rules.set(rule.id, rule);
  rememberRef(state, 'rule', rule.ref_id, { rule });
  const addressId = source.crypto?.address_id as string;
  simulateDeposit(
    state,
    { asset: 'USDP', amount: '12500', deposit_address_id: addressId },
    (t += 4 * HOUR),
  );
  settle(t + state.timings.orchestration_process_ms);

  t += DAY;
  createOrchestration(
    state,
    {
      profile_id: omnibus.id,
      ref_id: 'seed-orchestration-payout',
      source_asset: 'USD',
      destination_asset: 'USD',
      source_amount: '2500.00',
      source: { profile: { profile_id: omnibus.id } },
      destination: {
        fiat: { fiat_account_id: DEMO_IDS.fiatAccounts.hopper, memo: 'Invoice 3318' },
      },
      metadata: { seeded: 'true' },
    },
    t,
    '',
    DEMO_IDS.orchestrations.payout,
  );
  settle(t + state.timings.orchestration_process_ms);
}
