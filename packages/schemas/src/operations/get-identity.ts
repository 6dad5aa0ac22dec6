import { IDENTITY_STATUSES } from '../primitives/identity-enums';
import { booleanParam } from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { IdentitySchema } from '../resources/identity';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const getIdentity = defineRead({
  id: 'getIdentity',
  title: 'Identity',
  description:
    'One identity: whether it may transact, its controls and requirements, and its details when asked for.',
  path: '/v2/identity/identities/{id}',
  scope: 'identity:read_identity',
  roles: ROLES,
  parent: 'listIdentities',
  route: '/identities/:id',
  page: true,
  result: {
    // An identity may be approved again after it was denied or disabled: no status is final.
    status: { member: 'summary_status', known: IDENTITY_STATUSES, terminal: [] },
  },
  pathShape: {
    id: pathIdField('Identity', 'who', undefined, 'listIdentities'),
  },
  queryShape: {
    include_details: booleanParam('Include details'),
    include_institution_members: booleanParam('Include institution members'),
  },
  response: IdentitySchema,
  example: (ids) => ({
    params: { id: ids.identities.northwind },
    query: { include_details: 'true', include_institution_members: 'true' },
  }),
});
