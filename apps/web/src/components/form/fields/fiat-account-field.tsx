import { useState } from 'react';
import { accountNumberOf, fiatAccountName, lastDigits } from '@/lib/fiat-account-words';
import { useSession } from '@/lib/session';
import { useFiatAccountOwners, useFiatAccounts } from '@/lib/use-fiat-accounts';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/**
 * A fiat account id, picked by name with its last digits. The service lists accounts without their
 * owner; for a role that sees accounts whole, the owners are read when the list opens, so the
 * accounts are named by whose they are.
 */
export function FiatAccountField({ name, required }: FieldProps) {
  const accounts = useFiatAccounts();
  const role = useSession().data?.operator.role;
  const [opened, setOpened] = useState(false);
  const list = accounts.data ?? [];
  const owners = useFiatAccountOwners(
    list.map((a) => a.id),
    role,
    opened,
  );
  const options = list.map((a) => {
    const full = owners.get(a.id);
    const digits = lastDigits(accountNumberOf(a));
    return {
      value: a.id,
      label: fiatAccountName(full ?? a),
      detail: [a.status, digits ? `ending ${digits}` : undefined].filter(Boolean).join(' · '),
    };
  });
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="fiat account"
      plural="fiat accounts"
      loading={accounts.isPending}
      failed={accounts.isError}
      onOpen={() => setOpened(true)}
    />
  );
}
