import { booleanParam } from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { EventSchema } from '../resources/event';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

/** What a receiver of a webhook trusts: the webhook carries only the id, read back here. */
export const getEvent = defineRead({
  id: 'getEvent',
  title: 'Event',
  description: 'One event with its payload: the record that changed and how.',
  path: '/v2/events/{id}',
  scope: 'events:read_event',
  roles: ROLES,
  parent: 'listEvents',
  route: '/events/:id',
  result: {},
  pathShape: {
    id: pathIdField('Event', 'what', undefined, 'listEvents'),
  },
  queryShape: {
    is_test: booleanParam('Test event'),
  },
  response: EventSchema,
  example: (ids) => ({ params: { id: ids.events.daveDenied } }),
});
