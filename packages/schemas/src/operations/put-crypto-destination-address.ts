import { z } from 'zod';
import {
  CRYPTO_DESTINATION_ADDRESS_STATUSES,
  CryptoNetworkSchema,
  FINAL_CRYPTO_DESTINATION_ADDRESS_STATUSES,
} from '../primitives/transfer-enums';
import { text } from '../primitives/identifier';
import { MONEY_ROLES } from '../primitives/roles';
import { CryptoDestinationAddressSchema } from '../resources/crypto-destination-address';
import { idField, optional } from './common-fields';
import { defineOperation } from './define-operation';

/**
 * Create or update an address of the book. A new address is PENDING until the service approves
 * it, and only an approved one can be paid out to; changing the book changes who can be paid, so
 * it is held for another operator, as a fiat account's change is (docs/decisions/006).
 */
export const putCryptoDestinationAddress = defineOperation({
  id: 'putCryptoDestinationAddress',
  title: 'Save destination address',
  description:
    'Adds a crypto address to the book that payouts go to (PENDING until approved), or renames or bookmarks one.',
  method: 'PUT',
  path: '/v2/transfer/crypto-destination-address',
  scope: 'transfer:write_crypto_destination_address',
  movesMoney: false,
  takesRefId: false,
  roles: MONEY_ROLES,
  approval: { because: 'changes-payee', required: true, approvers: MONEY_ROLES },
  // Create or update by network and address (or id): sent again, it changes nothing more.
  lostAnswer: {
    settle: 'resend',
    why: 'the service keeps one address per network and address and sets the same values again',
  },
  nav: { duty: 'Destinations', label: 'New destination address' },
  route: '/destination-addresses/new',
  result: {
    wrapper: 'address',
    status: {
      member: 'status',
      known: CRYPTO_DESTINATION_ADDRESS_STATUSES,
      terminal: FINAL_CRYPTO_DESTINATION_ADDRESS_STATUSES,
    },
    record: { operation: 'listCryptoDestinationAddresses', query: { ids: 'id' } },
  },
  pathShape: {},
  bodyShape: {
    id: optional(
      idField(
        'Address from the book',
        'who',
        'An address of the book, to rename or bookmark',
        'listCryptoDestinationAddresses',
      ),
    ),
    crypto_network: CryptoNetworkSchema.optional().meta({
      label: 'Crypto network',
      help: 'With the address: a new address, or the one the book has on this network',
      group: 'who',
    }),
    address: text('Address').optional().meta({ label: 'Address', group: 'who' }),
    identity_id: optional(
      idField(
        'Identity',
        'who',
        'The identity the address is scoped to; none for the client’s own',
        'listIdentities',
      ),
    ),
    nickname: text('Nickname', 100)
      .optional()
      .meta({ label: 'Nickname', help: 'Generated for a new address without one', group: 'what' }),
    bookmarked_status: z
      .boolean({ error: 'Bookmarked must be true or false' })
      .optional()
      .meta({ label: 'Bookmarked', help: 'False for a new address when left out', group: 'what' }),
  },
  rules(body, report) {
    const byTuple = body.crypto_network !== undefined || body.address !== undefined;
    if (body.id !== undefined && (byTuple || body.identity_id !== undefined)) {
      report(['id'], 'Give either id, or crypto_network and address (with identity_id), not both');
      return;
    }
    if (body.id !== undefined) return;
    if (!byTuple) {
      report(
        ['crypto_network'],
        'Give the id of an address of the book, or its crypto_network and address',
      );
    } else if (body.crypto_network === undefined) {
      report(['crypto_network'], 'Crypto network is required with address');
    } else if (body.address === undefined) {
      report(['address'], 'Address is required with crypto_network');
    }
  },
  response: z.looseObject({ address: CryptoDestinationAddressSchema }),
  example: () => ({
    crypto_network: 'ETHEREUM',
    address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    nickname: 'Exchange hot wallet',
    bookmarked_status: true,
  }),
});
