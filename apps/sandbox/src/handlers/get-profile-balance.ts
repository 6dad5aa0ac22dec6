import { notFound } from '../problem';
import { ASSET_PRECISION } from '../state/assets';
import { profileBalanceView } from '../state/balances';
import { readableProfile } from '../state/profile-view';
import type { ReadHandler } from './types';

/** Get Profile Balance: one asset's available and trading amounts, not wrapped. */
export const getProfileBalance: ReadHandler = ({ params, state }) => {
  const profile = readableProfile(state, params.profile_id ?? '');
  const asset = params.asset ?? '';
  if (ASSET_PRECISION[asset] === undefined && !profile.balances.has(asset)) {
    throw notFound(`asset: ${asset} is not an asset of the service`);
  }
  return profileBalanceView(profile, asset);
};
