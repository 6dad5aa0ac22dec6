import { z } from 'zod';
import { assetCode } from '../primitives/identifier';
import { arrayParam } from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { ProfileBalanceSchema } from '../resources/profile';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const listProfileBalances = defineRead({
  id: 'listProfileBalances',
  title: 'Balances',
  description: 'A profile’s balance of each asset: available for debits, and held by open orders.',
  path: '/v2/profiles/{profile_id}/balances',
  scope: 'funding:read_profile',
  roles: ROLES,
  parent: 'getProfile',
  route: '/profiles/:profile_id/balances',
  result: {
    record: {
      operation: 'getProfileBalance',
      params: { profile_id: 'profile_id', asset: 'asset' },
    },
  },
  pathShape: {
    profile_id: pathIdField('Profile', 'who', undefined, 'listProfiles'),
  },
  queryShape: {
    // The appendix sets no bound; the assets of a profile are far fewer than this.
    assets: arrayParam('Assets', assetCode()),
  },
  // No paging: every balance at once.
  response: z.looseObject({ items: z.array(ProfileBalanceSchema) }),
  example: (ids) => ({
    params: { profile_id: ids.profiles.treasury },
    query: { assets: ['USD', 'BTC'] },
  }),
});
