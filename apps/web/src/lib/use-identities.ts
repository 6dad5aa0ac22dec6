import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/** The one read every picker shares; the form reads names from it after a refusal. */
export const IDENTITIES_KEY = ['svc', 'identities', 'all'] as const;

/**
 * Every identity the client acts for, by id: what identity pickers offer and what names an
 * identity's id on a page. Read once a minute at most; every picker shares the one read. The BFF
 * masks personal details for the roles that may not see them.
 */
export function useIdentities(enabled = true) {
  const query = useQuery({
    queryKey: IDENTITIES_KEY,
    queryFn: () => readWholeList('listIdentities'),
    staleTime: 60_000,
    enabled,
  });
  const byId = new Map((query.data ?? []).map((i) => [i.id, i]));
  return { ...query, byId };
}
