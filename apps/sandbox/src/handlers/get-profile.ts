import { profileView, readableProfile } from '../state/profile-view';
import { flag } from './query';
import type { ReadHandler } from './types';

/** Get Profile: by id, or `default` for the DEFAULT profile; deactivated ones with `include_deactivated`. */
export const getProfile: ReadHandler = ({ params, query, state }) =>
  profileView(readableProfile(state, params.profile_id ?? '', flag(query, 'include_deactivated')));
