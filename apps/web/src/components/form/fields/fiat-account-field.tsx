import { useState } from 'react';
import { accountNumberOf, fiatAccountName, lastDigits } from '@/lib/fiat-account-words';
import { useSession } from '@/lib/session';
import { useFiatAccountOwners, useFiatAccounts } from '@/lib/use-fiat-accounts';
import { useFormContext } from 'react-hook-form';
import { useOperation } from '../operation-context';
import { useBookPicker } from './add-to-book';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';
import { bookKindOf, targetOf } from './use-book';

/**
 * A fiat account id, picked by name with its last digits. The service lists accounts without their
 * owner; for a role that sees accounts whole, the owners are read when the list opens, so the
 * accounts are named by whose they are. As an orchestration's destination, where the policy asks
 * for the book, its entries lead (`useBookPicker`).
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
  const kind = bookKindOf(useOperation().op.approval.destination, name);
  const accountOf = (id: string) => (kind ? targetOf(kind, id) : undefined);
  const chosen = useFormContext().watch(name) as unknown;
  const chosenId = typeof chosen === 'string' && chosen ? chosen : undefined;
  const withBook = useBookPicker(
    name,
    options,
    (o) => accountOf(o.value),
    (entry) =>
      entry.target.kind === 'fiat-account'
        ? { value: entry.target.fiat_account_id, label: entry.name, detail: 'From the book' }
        : undefined,
    {
      target: chosenId ? accountOf(chosenId) : undefined,
      label: options.find((o) => o.value === chosenId)?.label ?? chosenId ?? '',
    },
  );
  return (
    <ListPicker
      name={name}
      required={required}
      options={withBook.options}
      problem={withBook.problem}
      below={withBook.below}
      noun="fiat account"
      plural="fiat accounts"
      loading={accounts.isPending}
      failed={accounts.isError}
      onOpen={() => setOpened(true)}
    />
  );
}
