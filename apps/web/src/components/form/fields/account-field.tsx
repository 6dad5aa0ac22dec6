import { useWatch } from 'react-hook-form';
import { accountName, accountRelation, accountTypeWords, memberRoles } from '@/lib/account-words';
import { identityFieldOf } from '@/lib/end-user-fields';
import { identityName } from '@/lib/identity-words';
import { useAccounts } from '@/lib/use-accounts';
import { useIdentities } from '@/lib/use-identities';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/**
 * An account, picked by name: once the identity named with it is chosen, only the accounts that
 * identity may act for (its own, and those it is a member of), each saying how; before, every
 * account with its primary identity. An account that is not the chosen identity's is said beside
 * the field, in words, before the service refuses it.
 */
export function AccountField({ name, required }: FieldProps) {
  const identityField = identityFieldOf(name);
  const [identityValue, chosen] = useWatch({
    name: [identityField ?? '__none__', name],
  }) as unknown[];
  const identityId = typeof identityValue === 'string' && identityValue ? identityValue : undefined;
  const accounts = useAccounts();
  const identities = useIdentities();
  const profiles = useProfiles();
  const nameOf = (id: string | undefined) => {
    const found = id ? identities.byId.get(id) : undefined;
    return found ? identityName(found) : (id ?? 'no identity');
  };
  const options = (accounts.data ?? []).flatMap((a) => {
    const relation = accountRelation(a, identityId);
    if (!a.id || (identityId && !relation)) return [];
    const how =
      relation === 'member'
        ? `member (${memberRoles(a, identityId!).join(', ') || 'no roles given'}) of ${nameOf(a.identity_id)}’s account`
        : relation === 'primary'
          ? `${nameOf(identityId)}’s own`
          : `of ${nameOf(a.identity_id)}`;
    return [
      {
        value: a.id,
        label: accountName(a),
        detail: [
          accountTypeWords(a.type),
          how,
          a.profile_id ? `profile ${profileName(profiles.byId, a.profile_id)}` : undefined,
          a.summary_status,
        ]
          .filter(Boolean)
          .join(' · '),
        relation,
      },
    ];
  });
  options.sort((a, b) => Number(a.relation === 'member') - Number(b.relation === 'member'));
  const held = typeof chosen === 'string' && chosen ? accounts.byId.get(chosen) : undefined;
  const notTheirs =
    held && identityId && !accountRelation(held, identityId)
      ? `${accountName(held)} is not an account of ${nameOf(identityId)} (neither its own nor one it is a member of): choose one of theirs.`
      : undefined;
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun={identityId ? `account of ${nameOf(identityId)}` : 'account'}
      plural="accounts"
      loading={accounts.isPending}
      failed={accounts.isError}
      problem={notTheirs}
    />
  );
}
