import { useQuery } from '@tanstack/react-query';
import { readService } from './api';
import { BalancesSchema, type Profile, type ProfileBalance } from './read-schemas';
import { readWholeList } from './use-service-list';

/**
 * The profiles the console's credential sees, by id: what pickers offer and what lists show
 * instead of a bare UUID. Read once a minute at most; every page shares the one read.
 */
export function useProfiles(enabled = true) {
  const query = useQuery({
    queryKey: ['svc', 'profiles'],
    queryFn: () => readWholeList('listProfiles'),
    staleTime: 60_000,
    enabled,
  });
  const byId = new Map((query.data ?? []).map((p) => [p.id, p]));
  return { ...query, byId };
}

/** A profile's name for a list: its nickname, or its id when the console does not know it. */
export function profileName(byId: ReadonlyMap<string, Profile>, id: string | undefined): string {
  if (!id) return '';
  return byId.get(id)?.nickname || id;
}

const balancesPath = (profileId: string) =>
  `/v2/profiles/${encodeURIComponent(profileId)}/balances`;

/** The query of a profile's balances (every asset), shared by pickers and the profile page. */
export const balancesQuery = (profileId: string) => ({
  queryKey: ['svc', balancesPath(profileId)],
  queryFn: () => readService(balancesPath(profileId), {}, BalancesSchema),
  staleTime: 10_000,
});

/** A profile's balances; idle until a profile is given. */
export function useBalances(profileId: string | undefined) {
  return useQuery({ ...balancesQuery(profileId ?? ''), enabled: Boolean(profileId) });
}

/** One asset's balance out of a list of balances; a profile that never held it has none. */
export function balanceOf(
  balances: readonly ProfileBalance[] | undefined,
  asset: string | undefined,
): ProfileBalance | undefined {
  return asset ? balances?.find((b) => b.asset === asset) : undefined;
}
