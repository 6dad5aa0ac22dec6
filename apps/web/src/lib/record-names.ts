import { fiatAccountName } from './fiat-account-words';
import type { RecordKind, RecordRef } from './record-ref';
import { useDepositAddresses } from './use-deposit-addresses';
import { useFiatAccounts } from './use-fiat-accounts';
import { useRules } from './use-live-rules';
import { useProfiles } from './use-profiles';

/** How a record is named, or undefined when the console does not know it. */
export type NameOf = (ref: RecordRef) => string | undefined;

/**
 * Names records by the lists the console reads anyway (the pickers' lists, shared under the same
 * keys): a profile by its nickname, a fiat account by its bank and rail as the service lists it,
 * a deposit address by its profile and network, a rule by its nickname. An order has no cheap
 * name: it stays its id. Only the lists of the kinds asked for are read.
 *
 * @example
 * const nameOf = useRecordNames(['profile']);
 * nameOf({ kind: 'profile', id }); // 'Treasury'
 */
export function useRecordNames(kinds: readonly RecordKind[]): NameOf {
  const wants = (...of: RecordKind[]) => of.some((k) => kinds.includes(k));
  const profiles = useProfiles(wants('profile', 'deposit-address', 'address'));
  const accounts = useFiatAccounts(wants('fiat-account'));
  const addresses = useDepositAddresses(wants('deposit-address', 'address'));
  const rules = useRules(wants('rule'));
  const nickname = (id: string | undefined) =>
    id ? profiles.byId.get(id)?.nickname || undefined : undefined;
  return ({ kind, id }) => {
    switch (kind) {
      case 'profile':
        return nickname(id);
      case 'fiat-account': {
        const account = accounts.byId.get(id);
        return account ? fiatAccountName(account) : undefined;
      }
      case 'deposit-address':
      case 'address': {
        const found = (addresses.data ?? []).find((a) =>
          kind === 'address' ? a.address === id : a.id === id,
        );
        if (!found) return undefined;
        const owner = nickname(found.profile_id) ?? 'a profile';
        return `${owner}’s ${found.crypto_network} deposit address${kind === 'deposit-address' ? ` ${found.address}` : ''}`;
      }
      case 'rule':
        return (rules.data ?? []).find((r) => r.id === id)?.nickname || undefined;
      case 'order':
        return undefined;
    }
  };
}
