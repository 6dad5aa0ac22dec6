import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import {
  DEMO_IDS,
  ROLES,
  exampleReadPath,
  issueLines,
  operations,
  type ReadOperationId,
  type Role,
} from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_READS as READ_OPERATIONS } from '../../src/reads/read-proxy';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

const P = DEMO_IDS.profiles;
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  h = await sandboxHarness({ alg: 'ES256', secrets, faults: true, timeoutMs: 2_000 });
  for (const role of ROLES) cookies[role] = await h.signIn(role);
});
afterAll(() => h.close());

const read = (path: string, role: Role = 'finance') =>
  h.app.request(`/api/svc${path}`, { headers: { Cookie: cookies[role] } });
const logged = async () => (await h.log()).requests;

/*
 * The contract with the service, read by read (issue 58): what the BFF sends is a request the
 * read's own schemas accept (path and query, parsed as the service's would be), and what comes
 * back over the demo seed is what the console parses with the read's response schema.
 */
describe('GET /api/svc/v2/… serves every read of the registry', () => {
  it.each(READ_OPERATIONS.map((r) => [r.id, r] as const))('%s', async (id) => {
    const op = operations[id as ReadOperationId];
    const path = exampleReadPath(id as ReadOperationId);
    const before = (await logged()).length;
    const res = await read(path);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { data: unknown };
    expect(body.data).toBeTruthy();
    const answer = op.response.safeParse(body.data);
    expect(answer.success ? [] : issueLines(answer.error)).toEqual([]);
    const sent = (await logged()).slice(before);
    const { params } = op.example();
    const request = op.parseRequest(
      (params ?? {}) as Record<string, string>,
      new URL(sent[0]?.path ?? '/', 'http://x').searchParams,
    );
    expect(request.ok ? [] : request.errors).toEqual([]);
    // The same path and query reached the service once, signed over an empty payload.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', status: 200, body: '' });
    const asked = new URL(path, 'http://x');
    const got = new URL(sent[0]!.path, 'http://x');
    expect(got.pathname).toBe(asked.pathname);
    expect([...got.searchParams]).toEqual([...asked.searchParams]);
    if (operations[id as ReadOperationId].scope === null) {
      // Public market data: neither a token nor a signature goes with it.
      expect(sent[0]!.headers.authorization).toBeUndefined();
      expect(sent[0]!.headers['svc-signature']).toBeUndefined();
    } else {
      expect(sent[0]!.headers.authorization).toBe('[present]');
      expect(sent[0]!.signature).toMatchObject({ verified: true, alg: 'ES256' });
    }
  });
});

describe('role matrix', () => {
  it.each(ROLES)(
    '%s reads every read; fiat account details whole only for support and admin',
    async (role) => {
      for (const op of READ_OPERATIONS) {
        const res = await read(exampleReadPath(op.id as ReadOperationId), role);
        expect(res.status, `${role} ${op.id}`).toBe(op.roles.includes(role) ? 200 : 403);
      }
      const { data } = (await (await read(exampleReadPath('getFiatAccount'), role)).json()) as {
        data: Record<string, Record<string, Record<string, Record<string, string>>>>;
      };
      const wire = data.fiat_network_instructions!.wire!;
      const whole = role === 'support' || role === 'admin';
      expect(wire.account_number).toBe(whole ? 'GB29NWBK60161331926819' : '••••6819');
      expect(data.fiat_account_owner!.institution_details!.name).toBe(
        whole ? 'Initech Ltd' : 'I. L.',
      );
    },
  );

  it('every role sees an account’s description whole: it names what the account is for, not a person (issue 67)', async () => {
    const path = exampleReadPath('getAccount');
    for (const role of ROLES) {
      const { data } = (await (await read(path, role)).json()) as { data: { description: string } };
      expect(data.description, role).toBe('Market making desk');
    }
  });

  it('answers 401 without a session, before anything is sent', async () => {
    const before = (await logged()).length;
    expect((await h.app.request('/api/svc/v2/orders')).status).toBe(401);
    expect(await logged()).toHaveLength(before);
  });
});

describe('refused before any upstream request', () => {
  /** Raw requests over a real socket: a client library would normalise these paths first. */
  async function raw(path: string): Promise<number> {
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path, headers: { Cookie: cookies.admin, Host: 'localhost' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    } finally {
      server.close();
    }
  }

  it.each([
    '/api/svc/v2/transfer/transfers/../../profiles',
    '/api/svc/v2/transfer/transfers/%2e%2e/%2e%2e/profiles',
    `/api/svc/v2/profiles/${P.treasury}%2Fbalances`,
    `/api/svc/v2/profiles/${P.treasury}%5cbalances/USD`,
    '/api/svc/v2/profiles/./default',
    '/api/svc/v2/profiles//balances',
    '/api/svc/v2/transfer/internal',
    '/api/svc/v2/orchestration/rules/r-1',
  ])('%s', async (path) => {
    const before = (await logged()).length;
    const status = await raw(path);
    expect([400, 404]).toContain(status);
    expect(await logged()).toHaveLength(before);
  });
});

describe('answers from the service', () => {
  it('passes a 404 on with the service problem under upstream', async () => {
    const res = await read('/v2/transfer/transfers/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'not-found',
      upstream: { status: 404, type: 'about:blank', title: 'Not Found' },
    });
  });

  it('retries a read after server errors and answers what came after', async () => {
    h.proxy!.queue({ status: 500 }, { status: 503 });
    const res = await read('/v2/profiles/default');
    expect(res.status).toBe(200);
    expect(h.proxy!.received.slice(-3).map((r) => r.fault)).toEqual([
      { status: 500 },
      { status: 503 },
      null,
    ]);
  });

  it('answers 429 when the service keeps limiting, and 502 when it keeps failing', async () => {
    h.proxy!.queue({ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 });
    const limited = await read('/v2/profiles/default');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ code: 'rate-limited', upstream: { status: 429 } });
    h.proxy!.queue({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const failing = await read('/v2/profiles/default');
    expect(failing.status).toBe(502);
    expect(await failing.json()).toMatchObject({
      code: 'upstream-unavailable',
      upstream: { status: 500 },
    });
  });

  it('is logged with its operation and never journaled', async () => {
    await read('/v2/profiles/default');
    const line = h.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .findLast((l) => l.msg === 'request');
    expect(line).toMatchObject({ operation: 'getProfile', upstream_status: 200 });
    const journal = await h.app.request('/api/journal', { headers: { Cookie: cookies.admin } });
    expect(((await journal.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('leaves no secret in the log', () => {
    const text = h.lines.join('\n');
    expect(secrets.tokens).toBeGreaterThan(0);
    expect([...secrets.values].filter((s) => text.includes(s))).toEqual([]);
  });
});
