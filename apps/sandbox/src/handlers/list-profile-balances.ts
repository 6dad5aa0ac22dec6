import { fieldError } from '../problem';
import { ASSET_PRECISION } from '../state/assets';
import { balanceAssets, profileBalanceView } from '../state/balances';
import { readableProfile } from '../state/profile-view';
import { values } from './query';
import type { ReadHandler } from './types';

/**
 * List Profile Balances: every asset of the service (zero where the profile holds none), or the
 * `assets` asked for; no paging. An asset the service does not know is a 400 naming `assets`.
 */
export const listProfileBalances: ReadHandler = ({ params, query, state }) => {
  const profile = readableProfile(state, params.profile_id ?? '');
  const wanted = values(query, 'assets');
  const unknown = wanted?.find((a) => ASSET_PRECISION[a] === undefined && !profile.balances.has(a));
  if (unknown !== undefined)
    throw fieldError('assets', `${unknown} is not an asset of the service`);
  const assets = wanted ? [...new Set(wanted)] : balanceAssets(profile);
  return { items: assets.map((asset) => profileBalanceView(profile, asset)) };
};
