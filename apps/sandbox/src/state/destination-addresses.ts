import {
  EVM_NETWORKS,
  type CryptoDestinationAddressStatus,
  type CryptoNetwork,
} from '@console/schemas';
import { iso } from '../clock';
import { fieldError, forbidden, notFound } from '../problem';
import { isAddressOf } from './networks';
import { newId } from './random';
import type { SandboxState } from './store';
import type { DestinationAddressRecord } from './store-records';

/** The body of Put Crypto Destination Address, as its schema passed it. */
export interface PutAddress {
  id?: string | undefined;
  crypto_network?: CryptoNetwork | undefined;
  address?: string | undefined;
  identity_id?: string | undefined;
  nickname?: string | undefined;
  bookmarked_status?: boolean | undefined;
}

/** The nickname of an address given none: its network and the two ends of the address. */
export const generatedNickname = (network: string, address: string) =>
  `${network} ${address.slice(0, 6)}…${address.slice(-4)}`;

/** EVM addresses are hex, written in either case (a checksum mixes them): compared as one. */
function sameAddress(network: CryptoNetwork, a: string, b: string): boolean {
  return EVM_NETWORKS.includes(network) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * Put Crypto Destination Address: by `id`, the address of the book (404 otherwise); by network
 * and address (and identity), the one the book has, or a new one, PENDING until the service
 * approves it, with a nickname made from its network and address when none is given. Only the
 * nickname and the bookmark change on an address the book has.
 */
export function putDestinationAddress(
  state: SandboxState,
  body: PutAddress,
  now: number,
): DestinationAddressRecord {
  let record: DestinationAddressRecord | undefined;
  if (body.id !== undefined) {
    record = state.destination_addresses.get(body.id);
    if (!record) throw notFound(`id: destination address ${body.id} does not exist`);
  } else {
    const network = body.crypto_network as CryptoNetwork;
    const address = body.address as string;
    if (!isAddressOf(network, address)) {
      throw fieldError('address', `not an address of the ${network} network`);
    }
    if (body.identity_id !== undefined && !state.identities.has(body.identity_id)) {
      throw notFound(`identity_id: identity ${body.identity_id} does not exist`);
    }
    record = [...state.destination_addresses.values()].find(
      (a) =>
        a.crypto_network === network &&
        sameAddress(network, a.address, address) &&
        a.identity_id === body.identity_id,
    );
    if (!record) {
      record = {
        id: newId(),
        crypto_network: network,
        address,
        ...(body.identity_id !== undefined ? { identity_id: body.identity_id } : {}),
        nickname: generatedNickname(network, address),
        status: 'PENDING',
        bookmarked: false,
        created_at: iso(now),
      };
      state.destination_addresses.set(record.id, record);
    }
  }
  if (body.nickname !== undefined) record.nickname = body.nickname;
  if (body.bookmarked_status !== undefined) record.bookmarked = body.bookmarked_status;
  return record;
}

/**
 * A payout may go only to an address the book holds APPROVED, for the paying identity or for the
 * client itself (an address scoped to no identity). One the book holds PENDING or REJECTED is
 * refused (403 naming its status), and so is one it does not hold at all (README "Destination
 * address book": the service pays out only to addresses it has screened).
 */
export function requirePayable(
  state: SandboxState,
  network: CryptoNetwork,
  address: string,
  identityId: string | undefined,
): void {
  const held = [...state.destination_addresses.values()].filter(
    (a) =>
      a.crypto_network === network &&
      sameAddress(network, a.address, address) &&
      (a.identity_id === undefined || a.identity_id === identityId),
  );
  if (held.some((a) => a.status === 'APPROVED')) return;
  const field = 'destination.crypto.address';
  const first = held[0];
  if (first) {
    throw forbidden(
      `${field}: the address book holds ${address} on ${network} as ${first.status}; only an APPROVED address can be paid out to`,
      { address_id: first.id, status: first.status },
    );
  }
  throw forbidden(
    `${field}: ${address} on ${network} is not in the address book${identityId ? ` for identity ${identityId} or the client` : ''}; put it there (Put Crypto Destination Address) and pay out once it is APPROVED`,
  );
}

/** Sets an address's status, as the service's screening does (`PUT /sandbox/crypto-destination-addresses/{id}`). */
export function setAddressStatus(
  state: SandboxState,
  id: string,
  status: CryptoDestinationAddressStatus,
): DestinationAddressRecord {
  const record = state.destination_addresses.get(id);
  if (!record) throw notFound(`id: destination address ${id} does not exist`);
  record.status = status;
  return record;
}
