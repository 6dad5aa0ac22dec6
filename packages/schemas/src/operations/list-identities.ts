import {
  IDENTITY_CONTROL_REASON_CODES,
  IDENTITY_CONTROL_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
} from '../primitives/identity-enums';
import {
  enumParam,
  enumsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { IdentitySchema } from '../resources/identity';
import { defineRead } from './define-read';

/** Personal details are masked by the BFF for the roles that may not see personal data. */
export const listIdentities = defineRead({
  id: 'listIdentities',
  title: 'Identities',
  description:
    'The people and institutions the client acts for, with whether each may transact and its active controls.',
  path: '/v2/identity/identities',
  scope: 'identity:read_identity',
  roles: ROLES,
  nav: { duty: 'Profiles', label: 'Identities' },
  route: '/identities',
  page: true,
  result: {},
  pathShape: {},
  queryShape: {
    summary_status: enumParam('Summary status', IDENTITY_STATUSES),
    identity_type: enumParam('Identity type', IDENTITY_TYPES).meta({ compares: 'type' }),
    control_types: enumsParam('Active control types', IDENTITY_CONTROL_TYPES),
    // The reason codes are a closed list (appendix B, IdentityControl): another is refused.
    control_reason_codes: enumsParam('Control reason codes', IDENTITY_CONTROL_REASON_CODES),
    ...timeRangeParams('created_at', 'Created'),
    ...timeRangeParams('updated_at', 'Updated'),
    order: orderParam(),
    order_by: enumParam('Order by', ['CREATED_AT']).meta({ group: 'options' }),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  item: IdentitySchema,
  // The appendix states no page size: 1000 at most, as the service's other lists.
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000 },
  example: () => ({ query: { summary_status: 'APPROVED' } }),
});
