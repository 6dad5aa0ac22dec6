import type { SessionList } from '@console/schemas';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { problems } from '../errors';
import type { SecurityEventStore } from '../security/security-events';
import type { SessionCookie } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-types';
import type { RouteDef } from './route-table';

export interface SessionListRouteDeps {
  sessions: SessionStore;
  events: SecurityEventStore;
  cookie: SessionCookie;
  clientAddress: (c: Context<AppEnv>) => string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `GET /api/sessions`: the live sessions of the operator (of everyone for an admin), and
 * `DELETE /api/sessions/{id}` to end one: their own, or anyone's for an admin. Sessions are named
 * by their public id; another operator's session answers 404, as if it did not exist.
 */
export function sessionListRoutes(deps: SessionListRouteDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/sessions',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const live = await deps.sessions.listLive(
          operator.role === 'admin' ? undefined : operator.username,
        );
        const body: SessionList = {
          items: live.map((s) => ({
            id: s.id,
            username: s.username,
            created_at: s.createdAt.toISOString(),
            last_seen_at: s.lastSeenAt.toISOString(),
            expires_at: s.expiresAt.toISOString(),
            client_address: s.clientAddress,
            user_agent: s.userAgent,
            current: s.id === c.get('sessionId'),
          })),
        };
        return c.json(body);
      },
    },
    {
      method: 'DELETE',
      path: '/api/sessions/:id',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const id = c.req.param('id') ?? '';
        const owner = operator.role === 'admin' ? undefined : operator.username;
        const ended = UUID.test(id) ? await deps.sessions.endById(id, owner) : undefined;
        if (!ended) throw problems.notFound('There is no live session of yours with this id.');
        await deps.events.record({
          kind: 'session-ended',
          username: ended,
          ...(ended === operator.username ? {} : { actor: operator.username }),
          requestId: c.get('requestId'),
          clientAddress: deps.clientAddress(c),
          userAgent: c.req.header('user-agent'),
          sessionId: id,
        });
        // Ending the session this browser uses is a sign-out: the cookie goes too.
        if (id === c.get('sessionId')) deleteCookie(c, deps.cookie.name, deps.cookie.options);
        return c.body(null, 204);
      },
    },
  ];
}
