import { MONEY_ROLES } from '../primitives/roles';
import { ConversionTargetAssetSchema, CryptoNetworkSchema } from '../primitives/transfer-enums';
import { DepositAddressSchema } from '../resources/deposit-address';
import { endUserField, idField, metadataField, optional, refIdField } from './common-fields';
import { defineOperation } from './define-operation';

export const createDepositAddress = defineOperation({
  id: 'createDepositAddress',
  title: 'Create deposit address',
  description: 'Creates a crypto address whose deposits credit a profile.',
  method: 'POST',
  path: '/v2/transfer/deposit-addresses',
  scope: 'transfer:write_deposit_address',
  movesMoney: false,
  takesRefId: true,
  roles: MONEY_ROLES,
  approval: { because: 'moves-nothing', required: false, approvers: MONEY_ROLES },
  lostAnswer: { settle: 'ref', read: 'listDepositAddresses', filter: 'ref_ids' },
  nav: { duty: 'Crypto', label: 'New deposit address' },
  route: '/deposit-addresses/new',
  result: { record: { operation: 'listDepositAddresses', query: { ids: 'id' } } },
  pathShape: {},
  bodyShape: {
    profile_id: idField('Profile', 'who', 'The profile credited by deposits', 'listProfiles'),
    identity_id: endUserField('Identity', 'listIdentities', 'The end user who will deposit'),
    account_id: endUserField('Account', 'listAccounts', 'An account of that identity'),
    crypto_network: CryptoNetworkSchema.meta({ label: 'Crypto network', group: 'what' }),
    conversion_target_asset: ConversionTargetAssetSchema.optional().meta({
      label: 'Conversion target asset',
      help: 'USD credits deposits of the service-issued USD stablecoin as USD',
      group: 'what',
    }),
    ref_id: optional(refIdField()),
    metadata: optional(
      metadataField('Metadata', 'Added to the address and to transfers to it; up to 6 pairs'),
    ),
  },
  response: DepositAddressSchema,
  example: (ids) => ({
    profile_id: ids.profiles.treasury,
    crypto_network: 'ETHEREUM',
    conversion_target_asset: 'NO_CONVERSION',
    metadata: { customer: 'acme' },
  }),
});
