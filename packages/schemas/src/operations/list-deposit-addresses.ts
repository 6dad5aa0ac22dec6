import { CryptoNetworkSchema } from '../primitives/transfer-enums';
import {
  arrayParam,
  enumParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { DepositAddressSchema } from '../resources/deposit-address';
import { defineRead } from './define-read';

export const listDepositAddresses = defineRead({
  id: 'listDepositAddresses',
  title: 'Deposit addresses',
  description: 'Crypto deposit addresses, per profile, with their network and conversion target.',
  path: '/v2/transfer/deposit-addresses',
  scope: 'transfer:read_deposit_address',
  roles: ROLES,
  nav: { duty: 'Crypto', label: 'Deposit addresses' },
  route: '/deposit-addresses',
  page: true,
  result: {},
  pathShape: {},
  queryShape: {
    ids: idsParam('Address ids'),
    profile_ids: idsParam('Profile ids', 'listProfiles'),
    identity_ids: idsParam('Identity ids', 'listIdentities'),
    account_ids: idsParam('Account ids', 'listAccounts'),
    ref_ids: idsParam('Reference ids'),
    networks: arrayParam('Networks', CryptoNetworkSchema).meta({ compares: 'crypto_network' }),
    ...timeRangeParams('created_at', 'Created'),
    order: orderParam(),
    order_by: enumParam('Order by', ['CREATED_AT']).meta({ group: 'options' }),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  item: DepositAddressSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000, defaultLimit: 100 },
  example: (ids) => ({ query: { profile_ids: [ids.profiles.omnibus] } }),
});
