import { assetCode } from '../primitives/identifier';
import { ROLES } from '../primitives/roles';
import { ProfileBalanceSchema } from '../resources/profile';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const getProfileBalance = defineRead({
  id: 'getProfileBalance',
  title: 'Balance',
  description: 'A profile’s balance of one asset.',
  path: '/v2/profiles/{profile_id}/balances/{asset}',
  scope: 'funding:read_profile',
  roles: ROLES,
  parent: 'listProfileBalances',
  route: '/profiles/:profile_id/balances/:asset',
  result: {},
  pathShape: {
    profile_id: pathIdField('Profile', 'who', undefined, 'listProfiles'),
    asset: assetCode().meta({
      label: 'Asset',
      group: 'what',
      choices: 'listProfileBalances',
      choiceMember: 'asset',
    }),
  },
  queryShape: {},
  response: ProfileBalanceSchema,
  example: (ids) => ({ params: { profile_id: ids.profiles.treasury, asset: 'BTC' } }),
});
