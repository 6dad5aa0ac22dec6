import { useFormContext } from 'react-hook-form';
import { ADDRESS, UUID } from '@/lib/picker';
import { useDepositAddresses } from '@/lib/use-deposit-addresses';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

export interface DepositAddressFieldProps extends FieldProps {
  /** The member of a deposit address the field takes: its `id` (an address id) or its `address`. */
  member: 'id' | 'address';
}

/**
 * A crypto deposit address, picked from the service's list: by profile, network and address. The
 * addresses of the form's profile come first.
 */
export function DepositAddressField({ name, required, member }: DepositAddressFieldProps) {
  const addresses = useDepositAddresses();
  const profiles = useProfiles();
  const { watch } = useFormContext();
  const profileId = watch('profile_id') as unknown;
  const list = [...(addresses.data ?? [])].sort(
    (a, b) => Number(b.profile_id === profileId) - Number(a.profile_id === profileId),
  );
  const options = list.map((a) => ({
    value: member === 'id' ? a.id : a.address,
    label: `${profileName(profiles.byId, a.profile_id)} · ${a.crypto_network}`,
    detail: member === 'id' ? a.address : `address id ${a.id}`,
  }));
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="deposit address"
      plural="deposit addresses"
      loading={addresses.isPending}
      failed={addresses.isError}
      form={member === 'id' ? UUID : ADDRESS}
    />
  );
}
