import Big from 'big.js';
import { z } from 'zod';
import { CryptoNetworkSchema, DECIMAL_PATTERN } from '@console/schemas';
import { iso } from '../clock';
import { SandboxProblem, badRequest, notFound } from '../problem';
import { FIAT_ASSETS, amountOf, fmtAsset } from './assets';
import { credit, profileOr404 } from './balances';
import { transferEvent } from './events';
import { createOrchestration } from './orchestrations';
import { charsFrom, newId } from './random';
import { recordSettled } from './transfers';
import type { SandboxState } from './store';

/** Body of `POST /sandbox/deposits`: exactly one target (profile, deposit address, or fiat deposit instructions). */
export const DepositSchema = z
  .strictObject({
    asset: z.string().regex(/^[A-Z0-9]{1,20}$/),
    amount: z.string().regex(DECIMAL_PATTERN),
    profile_id: z.string().min(1).optional(),
    deposit_address_id: z.string().min(1).optional(),
    address: z.string().min(1).optional(),
    deposit_instructions_id: z.string().min(1).optional(),
    crypto_network: CryptoNetworkSchema.optional(),
    memo: z.string().optional(),
  })
  .refine(
    (d) =>
      [d.profile_id, d.deposit_address_id, d.address, d.deposit_instructions_id].filter(
        (v) => v !== undefined,
      ).length === 1,
    {
      message:
        'give exactly one of profile_id, deposit_address_id, address, deposit_instructions_id',
    },
  );
export type Deposit = z.infer<typeof DepositSchema>;

/**
 * Simulates an incoming deposit: credits the target's profile at once (a COMPLETED deposit
 * transfer; a USDP deposit to an address converting to USD credits USD), then fires the first
 * ACTIVE rule whose source and source asset match, creating an orchestration that carries
 * `orchestration_rule_id` and a system-generated `ref_id`.
 */
export function simulateDeposit(state: SandboxState, d: Deposit, now: number) {
  const amount = amountOf(d.amount, d.asset, 'amount');
  if (amount.lte(0)) throw badRequest('amount: must be greater than 0');
  const address = d.deposit_address_id
    ? state.deposit_addresses.get(d.deposit_address_id)
    : d.address
      ? [...state.deposit_addresses.values()].find((a) => a.address === d.address)
      : undefined;
  if ((d.deposit_address_id || d.address) && !address)
    throw notFound('deposit address does not exist');
  const instructions = d.deposit_instructions_id
    ? state.deposit_instructions.get(d.deposit_instructions_id)
    : undefined;
  if (d.deposit_instructions_id && !instructions)
    throw notFound('deposit instructions do not exist');
  const profileId =
    (address?.profile_id as string | undefined) ?? instructions?.profile_id ?? d.profile_id ?? '';
  const profile = profileOr404(state, profileId);

  const balanceAsset =
    address?.conversion_target_asset === 'USD' && d.asset === 'USDP' ? 'USD' : d.asset;
  const credited = balanceAsset === d.asset ? amount : amount.round(2, 0);
  credit(profile, balanceAsset, credited);
  const crypto =
    address !== undefined || (d.profile_id !== undefined && !FIAT_ASSETS.includes(d.asset));
  const transfer = {
    id: newId(),
    customer_id: profile.customer_id,
    profile_id: profile.id,
    amount: fmtAsset(amount, d.asset),
    total: fmtAsset(amount, d.asset),
    fee: fmtAsset(new Big(0), d.asset),
    asset: d.asset,
    balance_asset: balanceAsset,
    direction: 'CREDIT',
    type: crypto ? 'CRYPTO_DEPOSIT' : fiatDepositType(instructions?.network),
    status: 'COMPLETED',
    created_at: iso(now),
    updated_at: iso(now),
    ...(address
      ? { metadata: structuredClone(address.metadata ?? {}), destination_address: address.address }
      : {}),
    ...(crypto
      ? {
          crypto_network: d.crypto_network ?? address?.crypto_network ?? 'ETHEREUM',
          crypto_tx_hash: `0x${charsFrom(state.random, '0123456789abcdef', 64)}`,
          crypto_tx_index: '0',
        }
      : {}),
    ...(d.memo !== undefined ? { memo: d.memo } : {}),
  };
  recordSettled(state, transfer, now);
  transferEvent(state, transfer, now);

  const orchestrations: unknown[] = [];
  const rule = [...state.rules.values()].find((r) => {
    if (r.status !== 'ACTIVE' || r.source_asset !== d.asset) return false;
    const source = r.source as {
      crypto?: { address_id?: string; address?: string };
      fiat?: { deposit_instructions_id?: string };
      profile?: { profile_id?: string };
    };
    if (source.fiat)
      return instructions !== undefined && source.fiat.deposit_instructions_id === instructions.id;
    if (source.crypto) {
      return (
        address !== undefined &&
        (source.crypto.address_id === address.id || source.crypto.address === address.address)
      );
    }
    return source.profile?.profile_id === profile.id;
  });
  if (rule) {
    // The deposit stands whatever happens to the rule's orchestration (a destination deleted since
    // the rule was made refuses it): the funds stay credited, unconverted.
    const made = tryOrchestration(() =>
      createOrchestration(
        state,
        {
          profile_id: rule.profile_id as string,
          ...(rule.identity_id ? { identity_id: rule.identity_id as string } : {}),
          ...(rule.account_id ? { account_id: rule.account_id as string } : {}),
          ref_id: `rule-${rule.id}-${transfer.id}`,
          source_asset: d.asset,
          destination_asset: rule.destination_asset as string,
          source_amount: fmtAsset(credited, d.asset),
          source: structuredClone(rule.source) as never,
          destination: structuredClone(
            rule.destination ?? { profile: { profile_id: rule.profile_id } },
          ) as never,
        },
        now,
        rule.id,
      ),
    );
    if (made) orchestrations.push(made);
  }
  return { transfer, orchestrations };
}

/** The transfer type of a fiat deposit, by the rail of its instructions (a wire without any). */
function fiatDepositType(network: string | undefined): string {
  if (network === 'CUBIX') return 'CUBIX_DEPOSIT';
  // ACT deposits raise events, as crypto deposits do (appendix B).
  if (network === 'DBS_ACT') return 'ACT_DEPOSIT';
  return 'WIRE_DEPOSIT';
}

function tryOrchestration(make: () => Record<string, unknown>): Record<string, unknown> | null {
  try {
    return make();
  } catch (error) {
    if (error instanceof SandboxProblem) return null;
    throw error;
  }
}
