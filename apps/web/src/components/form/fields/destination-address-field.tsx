import { CRYPTO_NETWORKS, isKnownValue } from '@console/schemas';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { addressEnds } from '@/lib/address-words';
import { identityName } from '@/lib/identity-words';
import { ADDRESS, UUID } from '@/lib/picker';
import { useDestinationAddresses } from '@/lib/use-destination-addresses';
import { useIdentities } from '@/lib/use-identities';
import { fieldInfo, schemaAt } from '@/lib/schema-walk';
import { useOperation } from '../operation-context';
import { useBookPicker } from './add-to-book';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';
import { bookKindOf, targetOf } from './use-book';

/** The network field beside an address field: `destination.crypto.network`, `crypto_network`. */
function networkFieldOf(name: string, has: (path: string) => boolean): string | undefined {
  const sibling = name.replace(/[^.]+$/, 'network');
  if (sibling !== name && has(sibling)) return sibling;
  return has('crypto_network') ? 'crypto_network' : undefined;
}

/**
 * An address of the service's book of destination addresses, picked by nickname, network and the
 * address's ends; the field takes the address or its id, as its schema says. For a payout (an
 * orchestration's or a rule's destination) only an APPROVED address, scoped to the request's
 * identity or to none, can be chosen: the others are shown with why. With a network chosen, only
 * that network's addresses are offered; picking an address (not an id) chooses its network when
 * none is.
 */
export function DestinationAddressField({ name, required }: FieldProps) {
  const { shape } = useOperation();
  const has = (path: string) => schemaAt(shape, path) !== undefined;
  const member = fieldInfo(shape, name).meta.choiceMember === 'address' ? 'address' : 'id';
  const payout = name.startsWith('destination.');
  const networkField = networkFieldOf(name, has);
  // Only a field that sends the address itself takes its network with it: an address named by
  // its id (Put's rename) must leave the network out, since the service takes one or the other.
  const followsNetwork = member === 'address';
  const { setValue } = useFormContext();
  const [network, identityValue, chosen] = useWatch({
    name: [networkField ?? '__none__', has('identity_id') ? 'identity_id' : '__none__', name],
  }) as unknown[];
  const identityId = typeof identityValue === 'string' && identityValue ? identityValue : undefined;
  const book = useDestinationAddresses();
  const identities = useIdentities();
  const nameOf = (id: string) => {
    const found = identities.byId.get(id);
    return found ? identityName(found) : id;
  };
  const whyNot = (a: { status?: string | undefined; identity_id?: string | undefined }) => {
    if (!payout) return undefined;
    if (a.status !== 'APPROVED')
      return `${a.status ?? 'not screened'}: only an approved address can be paid out to`;
    if (a.identity_id && a.identity_id !== identityId) {
      return `scoped to ${nameOf(a.identity_id)}, not to this request’s identity`;
    }
    return undefined;
  };
  const options = (book.data ?? [])
    .filter((a) => typeof network !== 'string' || !network || a.crypto_network === network)
    .map((a) => ({
      value: member === 'address' ? a.address : a.id,
      label: a.nickname || 'No nickname',
      detail: [
        a.crypto_network,
        addressEnds(a.address),
        a.status ?? 'status not given',
        a.bookmarked ? 'bookmarked' : undefined,
        a.identity_id ? `for ${nameOf(a.identity_id)}` : 'the client’s own',
      ]
        .filter(Boolean)
        .join(' · '),
      keywords: `${a.address} ${a.id}`,
      unavailable: whyNot(a),
      network: a.crypto_network,
      address: a.address,
    }))
    .sort(
      (a, b) =>
        Number(a.unavailable !== undefined) - Number(b.unavailable !== undefined) ||
        a.label.localeCompare(b.label),
    );
  const held = options.find((o) => o.value === chosen);
  // Where the policy asks for the console's book, its entries lead; an address the service's book
  // lacks is not offered from the console's (the service would refuse to pay it out).
  const kind = bookKindOf(useOperation().op.approval.destination, name);
  const addressOf = (o: { network?: string | undefined; address: string }) =>
    kind ? targetOf(kind, o.address, o.network) : undefined;
  const withBook = useBookPicker(name, options, addressOf, () => undefined, {
    target: held ? addressOf(held) : undefined,
    label: held?.label ?? '',
  });
  // The network follows the address picked, where the operator has not chosen one.
  const picked = held?.network;
  useEffect(() => {
    if (
      followsNetwork &&
      networkField &&
      picked &&
      !network &&
      isKnownValue(CRYPTO_NETWORKS, picked)
    ) {
      setValue(networkField, picked, { shouldValidate: true });
    }
  }, [followsNetwork, networkField, picked, network, setValue]);
  return (
    <ListPicker
      name={name}
      required={required}
      options={withBook.options}
      noun={payout ? 'approved address of the book' : 'address of the book'}
      plural="destination addresses"
      loading={book.isPending}
      failed={book.isError}
      form={member === 'address' ? ADDRESS : UUID}
      problem={
        (held?.unavailable && `${held.label} cannot be paid out to: ${held.unavailable}.`) ||
        withBook.problem
      }
      below={withBook.below}
    />
  );
}
