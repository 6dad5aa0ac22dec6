import { useWatch } from 'react-hook-form';
import { identitySide } from '@/lib/end-user-fields';
import {
  activeControls,
  controlWords,
  identityName,
  identityStatusWords,
  identityTypeWords,
  whyCannotTransact,
} from '@/lib/identity-words';
import { useIdentities } from '@/lib/use-identities';
import { useOperation } from '../operation-context';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/**
 * An identity, picked by name and type with its status and active controls. Where the request
 * moves something for it (an order, a transfer's side, an orchestration), one that cannot
 * transact is shown with the reason and cannot be chosen, nor pasted; those that can come first.
 */
export function IdentityField({ name, required }: FieldProps) {
  const { op } = useOperation();
  const [orderSide, chosen] = useWatch({ name: ['side', name] }) as unknown[];
  const side = identitySide(op.id, name, orderSide);
  const identities = useIdentities();
  const options = (identities.data ?? [])
    .map((i) => ({
      value: i.id,
      label: identityName(i),
      detail: [
        identityTypeWords(i.type),
        identityStatusWords(i.summary_status),
        ...activeControls(i).map(controlWords),
      ].join(' · '),
      unavailable: whyCannotTransact(i, side),
    }))
    .sort(
      (a, b) =>
        Number(a.unavailable !== undefined) - Number(b.unavailable !== undefined) ||
        a.label.localeCompare(b.label),
    );
  // A value given before (a clone, or the order's side changed since) that may not transact now.
  const held = typeof chosen === 'string' ? identities.byId.get(chosen) : undefined;
  const why = held && whyCannotTransact(held, side);
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="identity"
      plural="identities"
      loading={identities.isPending}
      failed={identities.isError}
      problem={why && `${identityName(held)} cannot take part: ${why}.`}
    />
  );
}
