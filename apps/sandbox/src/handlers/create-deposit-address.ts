import { profileOr404 } from '../state/balances';
import { createAddress } from '../state/deposit-addresses';
import { requireIdentityAccount } from '../state/identities';
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
  const record = createAddress(state, profile, body, now);
  rememberRef(state, 'deposit-address', body.ref_id, record);
  return structuredClone(record);
};
