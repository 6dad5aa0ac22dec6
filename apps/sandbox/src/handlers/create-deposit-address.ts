import { iso } from '../clock';
import { profileOr404 } from '../state/balances';
import { requireIdentityAccount } from '../state/identities';
import { compatibleNetworks, newAddress } from '../state/networks';
import { uuidFrom } from '../state/random';
import { rememberRef, requireFreshRef } from '../state/refs';
import type { Handler } from './types';

/** Create Deposit Address: a fresh plausible address for the network, crediting the profile. */
export const createDepositAddress: Handler<'createDepositAddress'> = ({ body, state, now }) => {
  const profile = profileOr404(state, body.profile_id);
  requireIdentityAccount(state, body.identity_id, body.account_id, {
    identity: 'identity_id',
    account: 'account_id',
  });
  requireFreshRef(state, 'deposit-address', body.ref_id, now);
  const record = {
    id: uuidFrom(state.random),
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
  rememberRef(state, 'deposit-address', body.ref_id, record);
  return structuredClone(record);
};
