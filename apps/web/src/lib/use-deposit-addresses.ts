import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/** Every deposit address the credential sees: what address pickers offer. Read once a minute at most. */
export function useDepositAddresses(enabled = true) {
  return useQuery({
    queryKey: ['svc', 'deposit-addresses', 'all'],
    queryFn: () => readWholeList('listDepositAddresses'),
    staleTime: 60_000,
    enabled,
  });
}
