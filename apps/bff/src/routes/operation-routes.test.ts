import { exampleInput, WRITE_OPERATION_IDS, operations, type JournalEntry } from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_OPERATIONS } from '../access/permissions';
import { BROWSER_HEADERS, echoSuccess, scriptedClient, testApp } from '../../test/harness';
import type { UpstreamOutcome } from '../upstream/client';

type Harness = Awaited<ReturnType<typeof testApp>>;

const problem = (status: number, type: string, extra: object = {}): UpstreamOutcome => ({
  kind: 'answered',
  status,
  body: {
    type: `https://svc.example/problems/${type}`,
    title: type,
    status,
    detail: type,
    ...extra,
  },
  attempts: 1,
  retried: false,
});

/** The writes that carry a body; a DELETE carries none (its own tests are below). */
const WITH_BODY = WRITE_OPERATION_IDS.filter((id) => !operations[id].bodyless);
const WITHOUT_BODY = WRITE_OPERATION_IDS.filter((id) => operations[id].bodyless);

async function journalCount(h: Harness) {
  const rows = await h.db.query<{ n: number }>('select count(*)::int as n from journal_entries');
  return rows[0]!.n;
}

describe('POST /api/operations/:id', () => {
  let outcome: (body: string, index: number) => UpstreamOutcome;
  let h: Harness;
  let requests: ReturnType<typeof scriptedClient>['requests'];

  beforeEach(async () => {
    outcome = (body) => echoSuccess({ body } as never);
    const scripted = scriptedClient((request, index) => outcome(request.body, index));
    requests = scripted.requests;
    h = await testApp({ client: scripted.client });
  });

  describe.each(WITH_BODY)('%s', (id) => {
    const op = operations[id];

    it('journals the exact bytes, sends them, and answers {data, journal}', async () => {
      const cookie = await h.signIn('admin');
      const res = await h.post(`/api/operations/${id}`, cookie, exampleInput(id));
      expect(res.status).toBe(200);
      const { data, journal } = (await res.json()) as { data: unknown; journal: JournalEntry };
      expect(journal.state).toBe('SUCCEEDED');
      expect(journal.operator).toBe('admin');
      expect(requests).toHaveLength(1);
      expect(requests[0]!.body).toBe(journal.request_body);
      expect(requests[0]!.path).toBe(journal.request_path);
      expect(requests[0]!.scope).toBe(op.scope);
      expect(requests[0]!.method).toBe(op.method);
      expect(data).toMatchObject({ id: expect.any(String) });
      const body = JSON.parse(journal.request_body) as Record<string, unknown>;
      for (const param of op.pathParams) expect(body).not.toHaveProperty(param);
      if (op.takesRefId) {
        expect(journal.ref_id).toMatch(/\S/);
        expect(body.ref_id).toBe(journal.ref_id);
      }
    });

    it('refuses roles without it (403) and signed-out callers (401), journaling nothing', async () => {
      for (const role of ['admin', 'finance', 'support', 'viewer'] as const) {
        if ((ROLE_OPERATIONS[role] as readonly string[]).includes(id)) continue;
        const res = await h.post(`/api/operations/${id}`, await h.signIn(role), exampleInput(id));
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
      }
      expect((await h.post(`/api/operations/${id}`, undefined, exampleInput(id))).status).toBe(401);
      expect(requests).toHaveLength(0);
      expect(await journalCount(h)).toBe(0);
    });

    it('answers 400 with field errors for bad input and sends nothing', async () => {
      const res = await h.post(`/api/operations/${id}`, await h.signIn('admin'), {
        ...exampleInput(id),
        not_a_field: 1,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; errors: { path: string }[] };
      expect(body.code).toBe('validation-failed');
      expect(body.errors.map((e) => e.path)).toContain('not_a_field');
      expect(requests).toHaveLength(0);
      expect(await journalCount(h)).toBe(0);
    });
  });

  describe.each(WITHOUT_BODY)('%s, a DELETE', (id) => {
    const op = operations[id];

    it('journals and sends no body, to the path its fields name', async () => {
      outcome = () => echoSuccess({ body: '' } as never);
      const input = exampleInput(id);
      const res = await h.post(`/api/operations/${id}`, await h.signIn('admin'), input);
      expect(res.status).toBe(200);
      const { journal } = (await res.json()) as { journal: JournalEntry };
      expect(journal.state).toBe('SUCCEEDED');
      expect(journal.request_body).toBe('');
      expect(journal.request_path).toBe(op.toWire(input as never).path);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ method: 'DELETE', body: '', scope: op.scope });
    });

    it('refuses roles without it and fields it does not have, sending nothing', async () => {
      for (const role of ['admin', 'finance', 'support', 'viewer'] as const) {
        if ((ROLE_OPERATIONS[role] as readonly string[]).includes(id)) continue;
        const res = await h.post(`/api/operations/${id}`, await h.signIn(role), exampleInput(id));
        expect(res.status).toBe(403);
      }
      const res = await h.post(`/api/operations/${id}`, await h.signIn('admin'), {
        ...exampleInput(id),
        reason: 'x',
      });
      expect(res.status).toBe(400);
      expect(requests).toHaveLength(0);
      expect(await journalCount(h)).toBe(0);
    });
  });

  it('keeps a ref_id the operator gave', async () => {
    const input = { ...exampleInput('createInternalTransfer'), ref_id: 'my-ref-1' };
    const res = await h.post(
      '/api/operations/createInternalTransfer',
      await h.signIn('finance'),
      input,
    );
    const { journal } = (await res.json()) as { journal: JournalEntry };
    expect(journal.ref_id).toBe('my-ref-1');
  });

  it('adds await_fill_millis to the timeout of Create Order', async () => {
    const input = { ...exampleInput('createOrder'), await_fill_millis: 3000 };
    await h.post('/api/operations/createOrder', await h.signIn('finance'), input);
    expect(requests[0]!.timeoutMs).toBe(h.deps.timeoutMs + 3000);
  });

  it('checks clock rules at send time', async () => {
    const input = {
      ...exampleInput('createOrder'),
      type: 'LIMIT',
      base_amount: '1',
      price: '100',
      quote_amount: undefined,
      time_in_force: 'GTT',
      expiration_date: String(Date.now() + 5_000),
    };
    const res = await h.post('/api/operations/createOrder', await h.signIn('finance'), input);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { path: string }[] };
    expect(body.errors.map((e) => e.path)).toContain('expiration_date');
  });

  it('a rejection is REJECTED with the service problem under upstream', async () => {
    const meta = { profile_id: 'p', asset: 'USD', available: '1.00', needed: '125.50' };
    outcome = () => problem(403, 'insufficient-funds', { meta });
    const res = await h.post(
      '/api/operations/createInternalTransfer',
      await h.signIn('finance'),
      exampleInput('createInternalTransfer'),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      code: string;
      upstream: { status: number; meta: unknown };
      journal: JournalEntry;
    };
    expect(body.code).toBe('rejected');
    expect(body.upstream.status).toBe(403);
    expect(body.upstream.meta).toEqual(meta);
    expect(body.journal.state).toBe('REJECTED');
    expect(body.journal.response_status).toBe(403);
  });

  it('a 409 already-exists on a first attempt is a rejection (someone else holds the ref_id)', async () => {
    outcome = (body) =>
      problem(409, 'already-exists', { meta: { existing: { ...JSON.parse(body), id: 'x' } } });
    const res = await h.post(
      '/api/operations/createSvcTransfer',
      await h.signIn('finance'),
      exampleInput('createSvcTransfer'),
    );
    expect(res.status).toBe(422);
  });

  it('a 409 already-exists after a retry whose existing matches is a success', async () => {
    outcome = (body) =>
      ({
        ...problem(409, 'already-exists', {
          meta: { existing: { ...JSON.parse(body), id: 't-1' } },
        }),
        attempts: 2,
        retried: true,
      }) as UpstreamOutcome;
    const res = await h.post(
      '/api/operations/createSvcTransfer',
      await h.signIn('finance'),
      exampleInput('createSvcTransfer'),
    );
    expect(res.status).toBe(200);
    const { data, journal } = (await res.json()) as { data: { id: string }; journal: JournalEntry };
    expect(data.id).toBe('t-1');
    expect(journal.state).toBe('SUCCEEDED');
    expect(journal.attempts).toBe(2);
  });

  // An operation without a read of its record: resolving it sends the same bytes again.
  it('no answer is UNKNOWN; a retry sends the same bytes on the same entry and resolves it', async () => {
    outcome = () => ({ kind: 'no-answer', error: 'timeout after 5000 ms', attempts: 4 });
    const cookie = await h.signIn('finance');
    const res = await h.post(
      '/api/operations/createOrchestrationRule',
      cookie,
      exampleInput('createOrchestrationRule'),
    );
    expect(res.status).toBe(504);
    const first = (await res.json()) as { code: string; journal: JournalEntry };
    expect(first.code).toBe('outcome-unknown');
    expect(first.journal.state).toBe('UNKNOWN');

    outcome = (body) =>
      problem(409, 'already-exists', { meta: { existing: { ...JSON.parse(body), id: 't-9' } } });
    const retry = await h.post(`/api/journal/${first.journal.id}/retry`, cookie, {});
    expect(retry.status).toBe(200);
    const second = (await retry.json()) as { journal: JournalEntry; data: { id: string } };
    expect(second.journal.id).toBe(first.journal.id);
    expect(second.journal.state).toBe('SUCCEEDED');
    expect(second.journal.attempts).toBe(5);
    expect(second.data.id).toBe('t-9');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(await journalCount(h)).toBe(1);

    const again = await h.post(`/api/journal/${first.journal.id}/retry`, cookie, {});
    expect(again.status).toBe(409);
    expect(requests).toHaveLength(2);
  });

  it('a 5xx that survived the retries is UNKNOWN, not REJECTED', async () => {
    outcome = () =>
      ({ ...problem(503, 'unavailable'), attempts: 4, retried: true }) as UpstreamOutcome;
    const res = await h.post(
      '/api/operations/createOrder',
      await h.signIn('finance'),
      exampleInput('createOrder'),
    );
    expect(res.status).toBe(502);
    expect(((await res.json()) as { journal: JournalEntry }).journal.state).toBe('UNKNOWN');
  });

  it('a retry needs a role that may send the entry’s operation', async () => {
    outcome = () => ({ kind: 'no-answer', error: 'connection reset', attempts: 1 });
    const res = await h.post(
      '/api/operations/updateFiatAccount',
      await h.signIn('support'),
      exampleInput('updateFiatAccount'),
    );
    const { journal } = (await res.json()) as { journal: JournalEntry };
    expect(
      (await h.post(`/api/journal/${journal.id}/retry`, await h.signIn('finance'), {})).status,
    ).toBe(403);
    expect(
      (await h.post(`/api/journal/${journal.id}/retry`, await h.signIn('viewer'), {})).status,
    ).toBe(403);
    expect(requests).toHaveLength(1);
  });

  it('refuses a body that is not JSON (415) or not an object (400)', async () => {
    const cookie = await h.signIn('finance');
    const text = await h.app.request('/api/operations/createOrder', {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, 'Content-Type': 'text/plain', Cookie: cookie },
      body: JSON.stringify(exampleInput('createOrder')),
    });
    expect(text.status).toBe(415);
    expect((await h.post('/api/operations/createOrder', cookie, [1, 2])).status).toBe(400);
    expect(requests).toHaveLength(0);
  });
});
