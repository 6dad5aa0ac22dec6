import { exampleInput, ROLES, isOperationId } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../access/permissions';
import { routeTable } from '../app';
import { echoSuccess, scriptedClient, testApp } from '../testing/harness';

type Harness = Awaited<ReturnType<typeof testApp>>;

/** A concrete request for a route pattern, with a body that would be valid where one is needed. */
function requestFor(method: string, path: string): { path: string; body?: unknown } {
  const concrete = path.replace(':id', '00000000-0000-4000-8000-000000000000').replace('*', 'x');
  const id = path.split('/').pop() ?? '';
  if (method === 'POST' && isOperationId(id)) return { path: concrete, body: exampleInput(id) };
  if (method === 'POST' && path === '/api/session') return { path: concrete, body: {} };
  return { path: concrete, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) };
}

describe('the route table', () => {
  let h: Harness;
  let requests: unknown[];
  beforeAll(async () => {
    const scripted = scriptedClient(echoSuccess);
    requests = scripted.requests;
    h = await testApp({ client: scripted.client });
  });

  it('is every route the app registers', () => {
    const table = new Set(routeTable(h.deps).map((r) => `${r.method} ${r.path}`));
    const registered = h.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    for (const route of registered) expect(table).toContain(route);
  });

  const routes = () => routeTable(h.deps).filter((r) => r.permission.kind !== 'public');

  it('answers 401 without a session on every guarded route, sending nothing', async () => {
    for (const route of routes()) {
      const { path, body } = requestFor(route.method, route.path);
      const res = await h.app.request(path, {
        method: route.method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(requests).toHaveLength(0);
  });

  it.each(ROLES)(
    'answers 403 to %s on every route its role lacks, journaling nothing',
    async (role) => {
      const cookie = await h.signIn(role);
      for (const route of routes().filter((r) => !allows(role, r.permission))) {
        const { path, body } = requestFor(route.method, route.path);
        const res = await h.app.request(path, {
          method: route.method,
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(res.status, `${role} ${route.method} ${route.path}`).toBe(403);
      }
      expect(requests).toHaveLength(0);
      const rows = await h.db.query<{ n: number }>(
        'select count(*)::int as n from journal_entries',
      );
      expect(rows[0]!.n).toBe(0);
    },
  );

  it('answers an unknown API route with a 404 problem', async () => {
    const res = await h.app.request('/api/nothing-here');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: string; request_id: string };
    expect(body.code).toBe('not-found');
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });
});
