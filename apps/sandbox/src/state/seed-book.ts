import Big from 'big.js';
import { DEMO_IDS } from '@console/schemas';
import type { SandboxSeed } from '../config';
import { iso } from '../clock';
import { generatedNickname } from './destination-addresses';
import type { SandboxState } from './store';

const P = DEMO_IDS.profiles;
const I = DEMO_IDS.identities;
const B = DEMO_IDS.destinationAddresses;

/** Treasury's USD wire instructions, a deprecated set and a DBS ACT set of the omnibus profile. */
export function demoDepositInstructions(): NonNullable<SandboxSeed['deposit_instructions']> {
  return [
    {
      id: DEMO_IDS.depositInstructions,
      profile_id: P.treasury,
      asset: 'USD',
      network: 'WIRE',
      identity_id: I.house,
      memo_id: 'TRSY4Q7K2M',
      ref_id: 'seed-instructions-treasury',
    },
    {
      id: DEMO_IDS.fiatDepositInstructions.deprecated,
      profile_id: P.omnibus,
      asset: 'USD',
      network: 'WIRE',
      identity_id: I.house,
      status: 'DEPRECATED',
      memo_id: 'OMNI8W3R5T',
      ref_id: 'seed-instructions-omnibus-2019',
    },
    {
      id: DEMO_IDS.fiatDepositInstructions.act,
      profile_id: P.omnibus,
      asset: 'SGD',
      network: 'DBS_ACT',
      identity_id: I.northwind,
      account_id: DEMO_IDS.accounts.northwind,
      memo_id: 'OMNIACT7H2',
      ref_id: 'seed-instructions-northwind-act',
    },
  ];
}

/** The book: an approved address of the client's, one of alice's, one pending, one rejected. */
export function demoDestinationAddresses(): NonNullable<SandboxSeed['destination_addresses']> {
  return [
    {
      id: B.cold,
      crypto_network: 'ETHEREUM',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      nickname: 'Cold storage',
      status: 'APPROVED',
      bookmarked: true,
    },
    {
      id: B.alice,
      crypto_network: 'BITCOIN',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      identity_id: I.alice,
      nickname: 'Alice: BTC payouts',
      status: 'APPROVED',
    },
    {
      id: B.pending,
      crypto_network: 'ETHEREUM',
      address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
      identity_id: I.bob,
      nickname: 'Bob: new wallet',
      status: 'PENDING',
    },
    {
      id: B.rejected,
      crypto_network: 'SOLANA',
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      nickname: 'Unverified Solana wallet',
      status: 'REJECTED',
    },
  ];
}

/**
 * Limits on sends, in USD: per transaction on internal transfers and wires, daily (a rolling
 * 24 hours) on internal and service transfers and on withdrawals of either rail together. High
 * enough for every demo and test that is not about limits.
 */
export function demoTransferLimits(): NonNullable<SandboxSeed['transfer_limits']> {
  const DAY = 86_400;
  return [
    {
      rule_id: 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c01',
      transfer_types: ['INTERNAL_TRANSFER_DEBIT'],
      period_seconds: 0,
      limit: '1000000.00',
    },
    {
      id: 'b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d01',
      rule_id: 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c02',
      transfer_types: ['INTERNAL_TRANSFER_DEBIT'],
      period_seconds: DAY,
      limit: '2000000.00',
    },
    {
      id: 'b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d02',
      rule_id: 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c03',
      transfer_types: ['SVC_TRANSFER_DEBIT'],
      period_seconds: DAY,
      limit: '500000.00',
    },
    {
      rule_id: 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c04',
      transfer_types: ['WIRE_WITHDRAWAL'],
      period_seconds: 0,
      limit: '250000.00',
    },
    {
      id: 'b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d03',
      rule_id: 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c05',
      transfer_types: ['WIRE_WITHDRAWAL', 'CRYPTO_WITHDRAWAL'],
      period_seconds: DAY,
      limit: '1000000.00',
    },
  ];
}

/**
 * Deposit instructions, the destination address book and the transfer limits of a seed, dated
 * at `at(i, count)` in seed order.
 */
export function addBook(
  state: SandboxState,
  seed: SandboxSeed,
  at: (i: number, count: number) => number,
): void {
  const instructions = seed.deposit_instructions ?? [];
  instructions.forEach((d, n) => {
    state.deposit_instructions.set(d.id, {
      id: d.id,
      profile_id: d.profile_id,
      identity_id: d.identity_id ?? state.house_identity_id,
      ...(d.account_id !== undefined ? { account_id: d.account_id } : {}),
      ...(d.ref_id !== undefined ? { ref_id: d.ref_id } : {}),
      asset: d.asset ?? 'USD',
      network: d.network ?? 'WIRE',
      // Made from the id when the seed names none, so that seeding draws no random values.
      memo_id: d.memo_id ?? d.id.replace(/-/g, '').slice(0, 10).toUpperCase(),
      status: d.status ?? 'VALID',
      created_at: at(n, instructions.length),
    });
  });
  const book = seed.destination_addresses ?? [];
  book.forEach((a, n) => {
    state.destination_addresses.set(a.id, {
      id: a.id,
      crypto_network: a.crypto_network,
      address: a.address,
      ...(a.identity_id !== undefined ? { identity_id: a.identity_id } : {}),
      nickname: a.nickname ?? generatedNickname(a.crypto_network, a.address),
      status: a.status ?? 'APPROVED',
      bookmarked: a.bookmarked ?? false,
      created_at: iso(at(n, book.length)),
    });
  });
  for (const [n, l] of (seed.transfer_limits ?? []).entries()) {
    state.transfer_limits.push({
      ...(l.period_seconds > 0 ? { id: l.id ?? `transfer-limit-${n + 1}` } : {}),
      rule_id: l.rule_id ?? `transfer-limit-rule-${n + 1}`,
      transfer_types: [...l.transfer_types].sort(),
      period_seconds: l.period_seconds,
      limit: new Big(l.limit),
      limit_asset: 'USD',
    });
  }
}
