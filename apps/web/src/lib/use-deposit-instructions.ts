import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/** Every set of fiat deposit instructions, by id: what their pickers offer. Read once a minute at most. */
export function useDepositInstructions(enabled = true) {
  const query = useQuery({
    queryKey: ['svc', 'fiat-deposit-instructions', 'all'],
    queryFn: () => readWholeList('listFiatDepositInstructions'),
    staleTime: 60_000,
    enabled,
  });
  const byId = new Map((query.data ?? []).map((d) => [d.id, d]));
  return { ...query, byId };
}
