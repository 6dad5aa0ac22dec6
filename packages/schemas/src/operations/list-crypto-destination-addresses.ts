import { CryptoNetworkSchema } from '../primitives/transfer-enums';
import { text } from '../primitives/identifier';
import {
  arrayParam,
  booleanParam,
  enumParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { CryptoDestinationAddressSchema } from '../resources/crypto-destination-address';
import { defineRead } from './define-read';

export const listCryptoDestinationAddresses = defineRead({
  id: 'listCryptoDestinationAddresses',
  title: 'Destination addresses',
  description:
    'The book of external crypto addresses that withdrawals and orchestrations pay out to, with their approval status.',
  path: '/v2/transfer/crypto-destination-addresses',
  scope: 'transfer:read_crypto_destination_address',
  roles: ROLES,
  nav: { duty: 'Destinations', label: 'Address book' },
  route: '/destination-addresses',
  page: true,
  result: {},
  pathShape: {},
  queryShape: {
    ids: idsParam('Address ids'),
    identity_ids: idsParam('Identity ids', 'listIdentities'),
    crypto_networks: arrayParam('Crypto networks', CryptoNetworkSchema),
    addresses: arrayParam('Addresses', text('Address')),
    nicknames: arrayParam('Nicknames', text('Nickname')),
    bookmarked_status: booleanParam('Bookmarked').meta({ compares: 'bookmarked' }),
    ...timeRangeParams('created_at', 'Created'),
    order: orderParam(),
    order_by: enumParam('Order by', ['CREATED_AT']).meta({ group: 'options' }),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  item: CryptoDestinationAddressSchema,
  list: { member: 'addresses', defaultOrder: 'DESC', maxLimit: 1000, defaultLimit: 100 },
  example: () => ({ query: { bookmarked_status: 'true' } }),
});
