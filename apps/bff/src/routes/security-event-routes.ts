import { parseWith, SecurityEventQuerySchema, type SecurityEventPage } from '@console/schemas';
import { problems } from '../errors';
import type { SecurityEventStore } from '../security/security-events';
import type { RouteDef } from './route-table';

/** `GET /api/security-events` (admins and auditors): sign-ins, failures, lockouts and ended sessions, newest first. */
export function securityEventRoutes(events: SecurityEventStore): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/security-events',
      permission: { kind: 'audit' },
      handler: async (c) => {
        const parsed = parseWith(SecurityEventQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { kind, username, cursor, limit } = parsed.value;
        const page: SecurityEventPage = await events.list(
          { kind, username, before: cursor === undefined ? undefined : Number(cursor) },
          limit ?? 50,
        );
        return c.json(page);
      },
    },
  ];
}
