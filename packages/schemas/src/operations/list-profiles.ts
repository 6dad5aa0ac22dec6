import {
  enumParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  textParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { ProfileSchema } from '../resources/profile';
import { defineRead } from './define-read';

export const listProfiles = defineRead({
  id: 'listProfiles',
  title: 'Profiles',
  description: 'The profiles of the customer, by nickname.',
  path: '/v2/profiles',
  scope: 'funding:read_profile',
  roles: ROLES,
  nav: { duty: 'Profiles', label: 'Profiles and balances' },
  route: '/profiles',
  page: true,
  result: { record: { operation: 'getProfile', params: { profile_id: 'id' } } },
  pathShape: {},
  queryShape: {
    ids: idsParam('Profile ids'),
    nickname: textParam('Nickname starts with', 100),
    ...timeRangeParams('created_at', 'Created'),
    order: orderParam(),
    order_by: enumParam('Order by', ['CREATED_AT']).meta({ group: 'options' }),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  item: ProfileSchema,
  list: { member: 'items', defaultOrder: 'ASC', maxLimit: 1000, defaultLimit: 1000 },
  example: () => ({ query: { nickname: 'tr' } }),
});
