import type { CryptoNetwork } from '@console/schemas';
import { fieldError, notFound } from '../problem';
import { createAddress } from './deposit-addresses';
import { createDepositInstructions } from './deposit-instructions';
import type { Profile, RuleRecord, SandboxState } from './store';

/** The fiat rails a rule's source may name, and their account types (svc-api.md appendix). */
export const FIAT_SOURCE_NETWORKS = ['WIRE', 'CUBIX'];
export const FIAT_SOURCE_ACCOUNT_TYPES = ['SWIFT', 'ABA'];

type RuleSource = {
  crypto?: { address_id?: string; address?: string; network?: CryptoNetwork };
  fiat?: {
    deposit_instructions_id?: string;
    network?: string;
    account_type?: string;
    memo_id?: string;
  };
  profile?: { profile_id: string };
};

/**
 * A rule's source as the rule keeps it. A source that names only its rail gets what the service
 * makes for it: a crypto network a new deposit address of the rule's profile (`address_id` and
 * `address`); a fiat network and account type new deposit instructions (`deposit_instructions_id`
 * and `memo_id`). A source that names its address or instructions keeps them, completed.
 */
export function ruleSource(
  state: SandboxState,
  profile: Profile,
  source: RuleSource,
  sourceAsset: string,
  now: number,
  /** The rule's identity: that of new instructions (the client's own when none). */
  identityId?: string,
): RuleSource {
  const { crypto, fiat } = source;
  if (crypto) {
    const known = crypto.address_id
      ? state.deposit_addresses.get(crypto.address_id)
      : crypto.address !== undefined
        ? [...state.deposit_addresses.values()].find((a) => a.address === crypto.address)
        : undefined;
    if (known) {
      const network = known.crypto_network as CryptoNetwork;
      return { crypto: { address_id: known.id, address: known.address, network } };
    }
    if (crypto.address !== undefined) return { crypto: { ...crypto } };
    if (!crypto.network) throw fieldError('source.crypto.network', 'name the network to watch');
    const made = createAddress(state, profile, { crypto_network: crypto.network }, now);
    return { crypto: { network: crypto.network, address_id: made.id, address: made.address } };
  }
  if (fiat && fiat.deposit_instructions_id === undefined) {
    if (!FIAT_SOURCE_NETWORKS.includes(fiat.network ?? '')) {
      throw fieldError('source.fiat.network', `must be one of ${FIAT_SOURCE_NETWORKS.join(', ')}`);
    }
    if (!FIAT_SOURCE_ACCOUNT_TYPES.includes(fiat.account_type ?? '')) {
      throw fieldError(
        'source.fiat.account_type',
        `must be one of ${FIAT_SOURCE_ACCOUNT_TYPES.join(', ')}`,
      );
    }
    const made = createDepositInstructions(
      state,
      {
        profile_id: profile.id,
        identity_id: identityId,
        asset: sourceAsset,
        network: fiat.network as string,
      },
      now,
    );
    return {
      fiat: {
        network: made.network,
        account_type: fiat.account_type,
        deposit_instructions_id: made.id,
        memo_id: made.memo_id,
      },
    };
  }
  return structuredClone(source);
}

/**
 * Delete Orchestration Rule: the rule stays, DELETED, and fires no new orchestration. Deposits to
 * its address or instructions are still credited to its profile, unconverted. Deleting a deleted
 * rule answers it again, so a retried delete is not an error.
 */
export function deleteRule(state: SandboxState, id: string): RuleRecord {
  const rule = state.rules.get(id);
  if (!rule) throw notFound(`id: orchestration rule ${id} does not exist`);
  rule.status = 'DELETED';
  return rule;
}
