import type { Account, Identity } from '@console/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { accountName } from './account-words';
import { identityName } from './identity-words';
import type { RecordNames } from './refusal-fields';
import { ACCOUNTS_KEY } from './use-accounts';
import { IDENTITIES_KEY } from './use-identities';

/**
 * The names of identities and accounts as the pickers read them, from the cache only: after a
 * refusal the form names what was picked, and reads nothing more to do so.
 */
export function cachedRecordNames(client: QueryClient): RecordNames {
  const find = <T extends { id?: string | undefined }>(key: readonly unknown[], id: string) =>
    client.getQueryData<T[]>(key)?.find((r) => r.id === id);
  return {
    identity: (id) => {
      const found = find<Identity>(IDENTITIES_KEY, id);
      return found ? identityName(found) : undefined;
    },
    account: (id) => {
      const found = find<Account>(ACCOUNTS_KEY, id);
      return found ? accountName(found) : undefined;
    },
  };
}
