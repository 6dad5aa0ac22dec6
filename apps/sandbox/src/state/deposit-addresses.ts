import type { CryptoNetwork, Metadata } from '@console/schemas';
import { iso } from '../clock';
import { compatibleNetworks, newAddress } from './networks';
import { newId } from './random';
import type { DepositAddressRecord, Profile, SandboxState } from './store';

export interface AddressRequest {
  crypto_network: CryptoNetwork;
  identity_id?: string;
  account_id?: string;
  ref_id?: string;
  metadata?: Metadata;
  conversion_target_asset?: 'NO_CONVERSION' | 'USD';
}

/** A fresh plausible address on the network, crediting the profile (Create Deposit Address, rules). */
export function createAddress(
  state: SandboxState,
  profile: Profile,
  body: AddressRequest,
  now: number,
): DepositAddressRecord {
  const record: DepositAddressRecord = {
    id: newId(),
    profile_id: profile.id,
    customer_id: profile.customer_id,
    crypto_network: body.crypto_network,
    address: newAddress(body.crypto_network, state.random),
    conversion_target_asset: body.conversion_target_asset ?? 'NO_CONVERSION',
    created_at: iso(now),
    ...(body.identity_id ? { identity_id: body.identity_id } : {}),
    ...(body.account_id ? { account_id: body.account_id } : {}),
    ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
    metadata: body.metadata ?? {},
    compatible_crypto_networks: compatibleNetworks(body.crypto_network),
  };
  state.deposit_addresses.set(record.id, record);
  return record;
}
