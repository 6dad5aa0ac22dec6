import { useQuery } from '@tanstack/react-query';
import { readService } from './api';
import { DepositAddressPageSchema, nextCursor, type ReadDepositAddress } from './read-schemas';

async function allDepositAddresses(): Promise<ReadDepositAddress[]> {
  const addresses: ReadDepositAddress[] = [];
  let cursor: string | undefined;
  do {
    const page = await readService(
      '/v2/transfer/deposit-addresses',
      { limit: 1000, page_cursor: cursor },
      DepositAddressPageSchema,
    );
    addresses.push(...page.items);
    cursor = nextCursor(page);
  } while (cursor);
  return addresses;
}

/** Every deposit address the credential sees: what address pickers offer. Read once a minute at most. */
export function useDepositAddresses() {
  return useQuery({
    queryKey: ['svc', 'deposit-addresses', 'all'],
    queryFn: allDepositAddresses,
    staleTime: 60_000,
  });
}
