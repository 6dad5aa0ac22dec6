import { exampleInput, ROLES, isWriteOperationId } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../access/permissions';
import { WEBHOOK_PATH } from './webhook-routes';
import { routeTable } from '../app-routes';
import { BROWSER_HEADERS, echoSuccess, scriptedClient, testApp } from '../../test/harness';

type Harness = Awaited<ReturnType<typeof testApp>>;

/** A concrete request for a route pattern, with a body that would be valid where one is needed. */
function requestFor(method: string, path: string): { path: string; body?: unknown } {
  const concrete = path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
  const id = path.split('/').pop() ?? '';
  if (method === 'POST' && isWriteOperationId(id))
    return { path: concrete, body: exampleInput(id) };
  if (method === 'POST' && path === '/api/session') return { path: concrete, body: {} };
  return { path: concrete, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) };
}

const count = async (h: Harness, table: string) =>
  (await h.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

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
  // The service's webhook is no browser's: its API key stands for the CSRF checks (its refusals
  // are tested in test/integration/webhook.test.ts).
  const changing = () =>
    routeTable(h.deps).filter((r) => r.method !== 'GET' && r.path !== WEBHOOK_PATH);

  it('answers 401 without a session on every guarded route, sending nothing', async () => {
    for (const route of routes()) {
      const { path, body } = requestFor(route.method, route.path);
      const res = await h.app.request(path, {
        method: route.method,
        headers: BROWSER_HEADERS,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('cache-control')).toBe('no-store');
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
          headers: { ...BROWSER_HEADERS, Cookie: cookie },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(res.status, `${role} ${route.method} ${route.path}`).toBe(403);
      }
      expect(requests).toHaveLength(0);
      expect(await count(h, 'journal_entries')).toBe(0);
    },
  );

  // Each request would be allowed (an admin's session, a valid body) but for the one thing wrong.
  const refusals: [string, Record<string, string>, number, string][] = [
    ['from another origin', { Origin: 'https://evil.example' }, 403, 'cross-site-request'],
    ['without X-CSRF', { 'X-CSRF': '' }, 403, 'cross-site-request'],
    ['with X-CSRF other than 1', { 'X-CSRF': 'yes' }, 403, 'cross-site-request'],
    ['with a text/plain body', { 'Content-Type': 'text/plain' }, 415, 'unsupported-media-type'],
    [
      'with a form body',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      415,
      'unsupported-media-type',
    ],
    ['without Origin nor Sec-Fetch-Site', { Origin: '' }, 403, 'cross-site-request'],
    [
      'without Origin, Sec-Fetch-Site cross-site',
      { Origin: '', 'Sec-Fetch-Site': 'cross-site' },
      403,
      'cross-site-request',
    ],
  ];

  it.each(refusals)(
    'refuses every state-changing request %s, sending and journaling nothing',
    async (_, change, status, code) => {
      const cookie = await h.signIn('admin');
      const sessionsBefore = await count(h, 'sessions');
      for (const route of changing()) {
        const { path, body } = requestFor(route.method, route.path);
        const headers: Record<string, string> = { ...BROWSER_HEADERS, Cookie: cookie, ...change };
        for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
        const res = await h.app.request(path, {
          method: route.method,
          headers,
          body: JSON.stringify(body ?? {}),
        });
        expect(res.status, `${route.method} ${route.path}`).toBe(status);
        expect(((await res.json()) as { code: string }).code).toBe(code);
      }
      expect(requests).toHaveLength(0);
      expect(await count(h, 'journal_entries')).toBe(0);
      // Neither sign-in nor sign-out happened: no session was made or ended.
      expect(await count(h, 'sessions')).toBe(sessionsBefore);
      expect((await h.get('/api/session', cookie)).status).toBe(200);
    },
  );

  it('accepts Sec-Fetch-Site: same-origin when a browser sends no Origin', async () => {
    const { Origin: _origin, ...headers } = BROWSER_HEADERS;
    const res = await h.app.request('/api/session', {
      method: 'POST',
      headers: { ...headers, 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ username: 'viewer', password: 'not-the-password' }),
    });
    expect(res.status).toBe(401);
  });

  it('answers an unknown API route with a 404 problem', async () => {
    const res = await h.app.request('/api/nothing-here');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: string; request_id: string };
    expect(body.code).toBe('not-found');
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });
});
