import { EVENT_TYPES } from '../primitives/event-enums';
import {
  booleanParam,
  enumParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { EventSchema } from '../resources/event';
import { defineRead } from './define-read';

/**
 * The polling counterpart of the service's webhooks: oldest first, so a reader that keeps the
 * last cursor sees every change once, in the order it happened.
 */
export const listEvents = defineRead({
  id: 'listEvents',
  title: 'Events',
  description:
    'Changes the service recorded: identities approved or denied, orchestrations and crypto transfers changing status.',
  path: '/v2/events',
  scope: 'events:read_event',
  roles: ROLES,
  nav: { duty: 'Events', label: 'Events' },
  route: '/events',
  result: {},
  pathShape: {},
  queryShape: {
    type: enumParam('Event type', EVENT_TYPES),
    ...timeRangeParams('created_at', 'Created'),
    order: orderParam(),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
    is_test: booleanParam('Test events'),
  },
  item: EventSchema,
  // The appendix states no maximum: 1000, as the service's other lists.
  list: { member: 'events', defaultOrder: 'ASC', maxLimit: 1000, defaultLimit: 100 },
  example: () => ({ query: { type: 'identity.denied' } }),
});
