import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/**
 * The whole book of crypto destination addresses: what payout pickers offer. Read again after a
 * send (its key is under `svc`), so a rename approved elsewhere shows at the next read; at most
 * once a minute otherwise.
 */
export function useDestinationAddresses(enabled = true) {
  const query = useQuery({
    queryKey: ['svc', 'crypto-destination-addresses', 'all'],
    queryFn: () => readWholeList('listCryptoDestinationAddresses'),
    staleTime: 60_000,
    enabled,
  });
  const byId = new Map((query.data ?? []).map((a) => [a.id, a]));
  return { ...query, byId };
}
