import { exampleInput, type JournalEntry, type WriteOperationId } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
  sharedDb,
} from '../../test/harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

type Harness = Awaited<ReturnType<typeof testApp>>;

async function journalRows(h: Harness) {
  return h.db.query<{ state: string; response_status: number | null }>(
    'select state, response_status from journal_entries order by seq',
  );
}

describe('path parameters (6)', () => {
  const cases: [WriteOperationId, string, string][] = [
    ['createOrder', 'profile_id', 'abc'],
    ['createOrder', 'profile_id', '..'],
    ['createOrder', 'profile_id', '..%2F'],
    ['createOrder', 'profile_id', '../../transfer/internal'],
    ['createOrder', 'profile_id', '5b0a6a2e 0d4c 4f0e 9a51 6a1c2b3d4e02'],
    ['createOrder', 'profile_id', '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e02\u0000'],
    ['updateFiatAccount', 'id', '..'],
    ['updateFiatAccount', 'id', '.'],
    ['updateFiatAccount', 'id', 'abc'],
    ['updateFiatAccount', 'id', 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701/../x'],
    ['updateFiatAccount', 'id', '%2e%2e'],
  ];

  it.each(cases)(
    '%s with %s=%j: 400 naming the field, nothing journaled or sent',
    async (id, field, value) => {
      const scripted = scriptedClient(echoSuccess);
      const h = await testApp({ client: scripted.client });
      const cookie = await h.signIn('admin');
      const res = await h.post(`/api/operations/${id}`, cookie, {
        ...exampleInput(id),
        [field]: value,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors?: { path: string }[] };
      expect(body.errors?.map((e) => e.path)).toContain(field);
      expect(scripted.requests).toHaveLength(0);
      expect(await journalRows(h)).toHaveLength(0);
    },
  );

  it('a valid id is sent to the path of its own operation, and only there', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await testApp({ client: scripted.client });
    const cookie = await h.signIn('admin');
    const res = await h.post('/api/operations/updateFiatAccount', cookie, {
      ...exampleInput('updateFiatAccount'),
      id: 'F1A2B3C4-D5E6-4F70-8192-A3B4C5D6E701',
    });
    expect(res.status).toBe(200);
    expect(scripted.requests[0]!.path).toBe(
      '/v2/transfer/fiat-accounts/F1A2B3C4-D5E6-4F70-8192-A3B4C5D6E701',
    );
  });
});

describe('recording the service answer (7)', () => {
  it.each([
    ['a NUL', 'before\u0000after'],
    ['a lone surrogate', 'before\ud800after'],
  ])('an answer carrying %s is recorded, whole, and the operator sees it', async (_, text) => {
    const scripted = scriptedClient((request: SendRequest) => {
      const echoed = echoSuccess(request) as Extract<UpstreamOutcome, { kind: 'answered' }>;
      return { ...echoed, body: { ...(echoed.body as object), note: text } };
    });
    const h = await testApp({ client: scripted.client });
    const cookie = await h.signIn('admin');
    const res = await h.post(
      '/api/operations/createInternalTransfer',
      cookie,
      exampleInput('createInternalTransfer'),
    );
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { journal: JournalEntry; data: { note: string } };
    expect(sent.journal.state).toBe('SUCCEEDED');
    expect(sent.data.note).toBe(text);
    const stored = (await (
      await h.get(`/api/journal/${sent.journal.id}`, cookie)
    ).json()) as JournalEntry;
    expect((stored.response as { note: string }).note).toBe(text);
    expect(await journalRows(h)).toEqual([{ state: 'SUCCEEDED', response_status: 200 }]);
  });

  it.each([
    ['metadata', { metadata: { note: 'a\u0000b' } }, 'metadata.note'],
    ['metadata key', { metadata: { 'a\u0000': 'b' } }, 'metadata'],
    ['ref_id', { ref_id: 'ref-\ud800' }, 'ref_id'],
  ])(
    'input with a NUL or lone surrogate in %s is refused before the journal',
    async (_, extra, path) => {
      const scripted = scriptedClient(echoSuccess);
      const h = await testApp({ client: scripted.client });
      const cookie = await h.signIn('admin');
      const res = await h.post('/api/operations/createInternalTransfer', cookie, {
        ...exampleInput('createInternalTransfer'),
        ...extra,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: { path: string }[] };
      expect(body.errors.map((e) => e.path).some((p) => p.startsWith(path))).toBe(true);
      expect(scripted.requests).toHaveLength(0);
      expect(await journalRows(h)).toHaveLength(0);
    },
  );
});

describe('the Host header (9)', () => {
  const signIn = (h: Harness, origin: string) =>
    h.app.request(`${origin}/api/session`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, Origin: origin },
      body: JSON.stringify({ username: 'viewer', password: 'viewer-pass-1' }),
    });

  it('another host gets 421 before routing: DNS rebinding cannot sign in', async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    const res = await signIn(h, 'http://evil.example');
    expect(res.status).toBe(421);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await h.app.request('http://evil.example/api/health')).status).toBe(421);
    expect((await h.app.request('http://evil.example/')).status).toBe(421);
    expect((await signIn(h, 'http://localhost')).status).toBe(200);
  });

  it('the hosts come from HOST, PORT and PUBLIC_URL', async () => {
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      security: {
        sleep: async () => {},
        listen: { host: '127.0.0.1', port: 8123 },
        publicOrigin: 'https://console.example',
      },
    });
    expect((await h.app.request('http://127.0.0.1:8123/api/health')).status).toBe(200);
    expect((await h.app.request('http://localhost:8123/api/health')).status).toBe(200);
    expect((await h.app.request('https://console.example/api/health')).status).toBe(200);
    expect((await h.app.request('http://127.0.0.1:8124/api/health')).status).toBe(421);
    expect((await h.app.request('http://evil.example:8123/api/health')).status).toBe(421);
    // With PUBLIC_URL, only its origin may change anything, whatever Host says.
    expect((await signIn(h, 'http://127.0.0.1:8123')).status).toBe(403);
  });
});

const existing = (request: SendRequest) => ({
  id: 'svc-transfer-1',
  status: 'PENDING',
  ...(JSON.parse(request.body) as object),
});

describe('one intent, one success (10)', () => {
  it('the same ref_id and bytes submitted again never make a second SUCCEEDED entry', async () => {
    // First attempt of each send: a 503; the retry: 409 already-exists with the very record.
    const scripted = scriptedClient((request) => ({
      kind: 'answered',
      status: 409,
      body: {
        type: 'https://svc.example/problems/already-exists',
        title: 'Already exists',
        status: 409,
        meta: { existing: existing(request) },
      },
      attempts: 2,
      retried: true,
    }));
    const h = await testApp({ client: scripted.client });
    const cookie = await h.signIn('finance');
    const input = { ...exampleInput('createOrder'), ref_id: 'order-ref-1' };
    const first = await h.post('/api/operations/createOrder', cookie, input);
    expect(first.status).toBe(200);
    const again = await h.post('/api/operations/createOrder', cookie, input);
    expect(again.status).toBeLessThan(500);
    const rows = await h.db.query<{ state: string }>(
      "select state from journal_entries where ref_id = 'order-ref-1' and state = 'SUCCEEDED'",
    );
    expect(rows).toHaveLength(1);
  });
});

describe('the outcome after retries (11)', () => {
  it('a 429 that outlasts the retries is UNKNOWN: the service may have acted', async () => {
    const scripted = scriptedClient(() => ({
      kind: 'answered',
      status: 429,
      body: { type: 'about:blank', title: 'Too Many Requests', status: 429 },
      attempts: 4,
      retried: true,
    }));
    const h = await testApp({ client: scripted.client });
    const cookie = await h.signIn('finance');
    const res = await h.post(
      '/api/operations/createSvcTransfer',
      cookie,
      exampleInput('createSvcTransfer'),
    );
    expect(res.status).toBe(502);
    const body = (await res.json()) as { code: string; journal: JournalEntry };
    expect(body.code).toBe('outcome-unknown');
    expect(body.journal.state).toBe('UNKNOWN');
  });
});
