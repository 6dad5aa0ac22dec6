import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/** The one read every picker shares; the form reads names from it after a refusal. */
export const ACCOUNTS_KEY = ['svc', 'accounts', 'all'] as const;

/**
 * Every account of the identities the client acts for, by id: what account pickers filter by the
 * chosen identity (List Accounts filters by the primary identity only; a member's accounts are
 * found among them all). Read once a minute at most.
 */
export function useAccounts(enabled = true) {
  const query = useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: () => readWholeList('listAccounts'),
    staleTime: 60_000,
    enabled,
  });
  const byId = new Map((query.data ?? []).map((a) => [a.id, a]));
  return { ...query, byId };
}
