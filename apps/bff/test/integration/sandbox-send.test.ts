import {
  exampleInput,
  issueLines,
  WRITE_OPERATION_IDS,
  operations,
  type JournalEntry,
} from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/** Every secret of every run in this file; the last test scans all log lines for them. */
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
const allLines: string[] = [];

type Harness = Awaited<ReturnType<typeof sandboxHarness>>;

/** The writes that carry a body; the DELETEs are sent by their own tests. */
const WITH_BODY = WRITE_OPERATION_IDS.filter((id) => !operations[id].bodyless);
const harnesses: Harness[] = [];
async function harness(options: Omit<Parameters<typeof sandboxHarness>[0], 'secrets'>) {
  const h = await sandboxHarness({ ...options, secrets });
  harnesses.push(h);
  return h;
}

afterAll(async () => {
  for (const h of harnesses) await h.close();
});

describe.each(['EdDSA', 'ES256'] as const)('against the sandbox, signed with %s', (alg) => {
  it('sends every operation’s example; the sandbox verified the very bytes journaled', async () => {
    const h = await harness({ alg });
    const cookie = await h.signIn('admin');
    for (const id of WITH_BODY) {
      const res = await h.post(`/api/operations/${id}`, cookie, exampleInput(id));
      const body = (await res.json()) as {
        data: unknown;
        journal: JournalEntry;
        detail?: string;
      };
      expect(res.status, `${id}: ${body.detail}`).toBe(200);
      expect(body.journal.state).toBe('SUCCEEDED');
      const received = (await h.log()).requests.filter((r) => r.path === body.journal.request_path);
      const last = received[received.length - 1]!;
      expect(last.body).toBe(body.journal.request_body);
      expect(last.status).toBe(200);
      expect(last.signature).toMatchObject({ alg, kid: h.kid, verified: true });
      expect(last.method).toBe(operations[id].method);
      // The contract with the service (issue 58): the bytes sent are a request its schema takes,
      // and the answer is what the console parses with the operation's response schema.
      const request = operations[id].body.safeParse(JSON.parse(last.body));
      expect(request.success ? [] : issueLines(request.error), id).toEqual([]);
      const answer = operations[id].response.safeParse(body.data);
      expect(answer.success ? [] : issueLines(answer.error), id).toEqual([]);
    }
    allLines.push(...h.lines);
  });
});

describe('against the sandbox', () => {
  it('200 concurrent sends of one operation make one token request for its scope', async () => {
    const h = await harness({ alg: 'EdDSA' });
    const cookie = await h.signIn('finance');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        h.post(
          '/api/operations/createDepositAddress',
          cookie,
          exampleInput('createDepositAddress'),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(200).fill(200));
    const log = await h.log();
    const scope = operations.createDepositAddress.scope;
    expect(log.token_requests.filter((t) => t.scope === scope)).toHaveLength(1);
    expect(log.requests.filter((r) => r.status === 200)).toHaveLength(200);
    allLines.push(...h.lines);
  }, 120_000);

  it('renews a token that expired mid-run without the operator seeing an error', async () => {
    const h = await harness({ alg: 'EdDSA', configure: (c) => ({ ...c, token_ttl_seconds: 60 }) });
    const cookie = await h.signIn('finance');
    const send = () =>
      h.post('/api/operations/createSvcTransfer', cookie, exampleInput('createSvcTransfer'));
    expect((await send()).status).toBe(200);
    // The sandbox's clock moves past the token's life; the BFF's cache still holds it.
    await h.control('POST', '/clock', { advance_ms: 61_000 });
    const res = await send();
    expect(res.status).toBe(200);
    const log = await h.log();
    expect(log.token_requests.filter((t) => t.status === 200)).toHaveLength(2);
    expect(log.requests.map((r) => r.status)).toEqual([200, 401, 200]);
    allLines.push(...h.lines);
  });

  it('wrong role → 403, bad input → 400 with field errors, and nothing reaches the sandbox', async () => {
    const h = await harness({ alg: 'EdDSA' });
    const support = await h.signIn('support');
    const viewer = await h.signIn('viewer');
    expect(
      (await h.post('/api/operations/createOrder', support, exampleInput('createOrder'))).status,
    ).toBe(403);
    expect(
      (await h.post('/api/operations/updateFiatAccount', viewer, exampleInput('updateFiatAccount')))
        .status,
    ).toBe(403);
    const bad = await h.post('/api/operations/updateFiatAccount', support, {
      ...exampleInput('updateFiatAccount'),
      metadata: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6', g: '7' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors[0]!.path).toMatch(
      /^metadata/,
    );
    const log = await h.log();
    expect(log.requests).toHaveLength(0);
    expect(log.token_requests).toHaveLength(0);
    allLines.push(...h.lines);
  });

  it('no log line of these runs holds a secret used in them', () => {
    expect(allLines.length).toBeGreaterThan(100);
    expect(secrets.tokens).toBeGreaterThanOrEqual(5);
    const leaks = (lines: string[]) =>
      lines.filter((line) => [...secrets.values].some((secret) => line.includes(secret)));
    // The scan itself finds a planted secret, so that a pass means something.
    const [planted] = [...secrets.values];
    expect(leaks([`{"msg":"x","v":"${planted}"}`])).toHaveLength(1);
    expect(leaks(allLines)).toEqual([]);
  });
});
