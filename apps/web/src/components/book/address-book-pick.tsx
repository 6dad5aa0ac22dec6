import { Select } from '@mantine/core';
import { addressEnds } from '@/lib/address-words';
import { useDestinationAddresses } from '@/lib/use-destination-addresses';

/** An address of the service's address book, as the book entry form takes it over. */
export interface PickedAddress {
  network: string;
  address: string;
  nickname: string | undefined;
}

/**
 * An address of the service's address book picked by its nickname, network and ends, as the send
 * forms pick one (issue 66): the book entry takes its address and network, so none is retyped.
 * Optional: an address the address book lacks is typed below; and absent when the book cannot be
 * read or holds none.
 */
export function AddressBookPick({
  network,
  address,
  onPick,
}: {
  /** The form's network and address now: the entry they match reads as chosen. */
  network: string;
  address: string;
  onPick: (picked: PickedAddress) => void;
}) {
  const book = useDestinationAddresses();
  const entries = book.data ?? [];
  const chosen = entries.find((a) => a.address === address && a.crypto_network === network);
  if (book.isError || (!book.isPending && entries.length === 0)) return null;
  const data = entries.map((a) => ({
    value: a.id,
    label: `${a.nickname || 'No nickname'} · ${a.crypto_network} · ${addressEnds(a.address)}`,
  }));
  return (
    <Select
      id="destination-address-book"
      label="From the address book"
      description="Pick by nickname, network or the address's ends; or type an address below."
      searchable
      clearable
      data={data}
      value={chosen?.id ?? null}
      onChange={(id) => {
        const found = entries.find((a) => a.id === id);
        if (found)
          onPick({
            network: found.crypto_network,
            address: found.address,
            nickname: found.nickname,
          });
      }}
      nothingFoundMessage={book.isPending ? 'Loading…' : 'None matches'}
    />
  );
}
