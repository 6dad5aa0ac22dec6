import { useFormContext } from 'react-hook-form';
import { useOpenOrders } from '@/lib/use-open-orders';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/**
 * An order id, picked from the orders still open, of the form's profile when one is chosen: by
 * market, side and type, with its status and amount.
 */
export function OrderField({ name, required }: FieldProps) {
  const { watch } = useFormContext();
  const chosen = watch('profile_id') as unknown;
  const orders = useOpenOrders(typeof chosen === 'string' && chosen ? chosen : undefined);
  const profiles = useProfiles();
  const options = (orders.data ?? []).map((o) => ({
    value: o.id,
    label: `${profileName(profiles.byId, o.profile_id)} · ${o.market} ${o.side} ${o.type}`,
    detail: [o.status, o.base_amount ?? o.quote_amount, o.price && `at ${o.price}`]
      .filter(Boolean)
      .join(' · '),
  }));
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="open order"
      plural="open orders"
      loading={orders.isPending}
      failed={orders.isError}
    />
  );
}
