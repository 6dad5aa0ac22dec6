import { notFound } from '../problem';
import type { Profile, SandboxState } from './store';

/** A profile as Get and List Profiles answer it. */
export function profileView(p: Profile): Record<string, unknown> {
  return {
    id: p.id,
    nickname: p.nickname,
    type: p.type,
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(p.account_id !== undefined ? { account_id: p.account_id } : {}),
  };
}

/**
 * A profile that reads may show: `default` names the customer's DEFAULT profile, and a
 * deactivated profile is found only when asked for (`include_deactivated`).
 */
export function readableProfile(
  state: SandboxState,
  id: string,
  includeDeactivated = false,
): Profile {
  const profile =
    id === 'default'
      ? [...state.profiles.values()].find((p) => p.type === 'DEFAULT')
      : state.profiles.get(id);
  if (!profile || (profile.deactivated && !includeDeactivated)) {
    throw notFound(`profile_id: profile ${id} does not exist`);
  }
  return profile;
}
