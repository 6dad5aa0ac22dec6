import { exampleInput, type JournalEntry } from '@console/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { createCounterStore } from '../../src/security/counter-store';
import { createServiceBudget } from '../../src/upstream/service-budget';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/*
 * The console against the real sandbox with the service's own rate limits (the appendix's: 50/s
 * per endpoint and client address over 5 minutes, 15 000 at once, then every request from the
 * address throttled for 5 minutes). Each test has a sandbox of its own: one that throttled the
 * console's address would refuse every later test.
 */
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>> | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Problem {
  code: string;
  detail: string;
  upstream?: { status: number };
  journal?: JournalEntry;
}

/** Whether the sandbox throttles this machine's address: it refuses before it looks at a token. */
async function throttled(sandboxUrl: string): Promise<boolean> {
  return (await fetch(`${sandboxUrl}/v2/profiles`)).status === 429;
}

describe('a flood of reads by one operator', () => {
  it('is answered 429 with Retry-After by the console, and the service never throttles it', async () => {
    h = await sandboxHarness({ alg: 'EdDSA', secrets });
    const viewer = await h.signIn('viewer');
    const read = () =>
      h!.app.request('/api/svc/v2/orders?limit=1', { headers: { Cookie: viewer } });
    // 25 at a time until the console says no, or well past the sandbox's 15 000 at once for one
    // endpoint and its refill of 50 a second while they are sent.
    let refusal: Response | undefined;
    let answered = 0;
    while (!refusal && answered < 20_000) {
      const batch = await Promise.all(Array.from({ length: 25 }, read));
      answered += batch.length;
      refusal = batch.find((res) => res.status === 429);
      for (const res of batch) expect([200, 429]).toContain(res.status);
    }
    expect(refusal, `no 429 after ${answered} reads`).toBeDefined();
    const problem = (await refusal!.json()) as Problem;
    // The console's own refusal, not the service's passed on.
    expect(problem.upstream).toBeUndefined();
    expect(problem).toMatchObject({ code: 'rate-limited' });
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A minute's allowance of the operator (600) reached the service, and a few refills.
    const sent = (await h.log()).requests.filter((r) => r.path.startsWith('/v2/orders'));
    expect(sent.length).toBeGreaterThanOrEqual(600);
    expect(sent.length).toBeLessThan(700);
    expect(sent.every((r) => r.status === 200)).toBe(true);
    // The console's address is not throttled: another operator reads on.
    expect(await throttled(h.sandbox.url)).toBe(false);
    const admin = await h.signIn('admin');
    const other = await h.app.request('/api/svc/v2/orders?limit=1', { headers: { Cookie: admin } });
    expect(other.status).toBe(200);
  }, 180_000);
});

describe('the budget of the deployment', () => {
  it('is shared by every operator: reads past an endpoint’s share get 429 before anything is sent', async () => {
    // 1 % of the service's 50/s: 30 a minute for List Orders, one more every 2 s, for all
    // operators together.
    h = await sandboxHarness({ alg: 'EdDSA', secrets, serviceBudgetPercent: 1 });
    const cookies = await Promise.all(
      (['viewer', 'finance', 'support', 'admin'] as const).map((role) => h!.signIn(role)),
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h!.app.request('/api/svc/v2/orders?limit=1', { headers: { Cookie: cookies[i % 4]! } }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('2');
    const problem = (await refused.json()) as Problem;
    expect(problem.upstream).toBeUndefined();
    expect(problem.detail).toMatch(
      /^Nothing was read: the console's budget of requests to \/v2\/orders is spent/,
    );
    const sent = (await h.log()).requests.filter((r) => r.path.startsWith('/v2/orders'));
    expect(sent).toHaveLength(30);
    // Another endpoint (of the same scope: at 1 % the token endpoint allows one a minute) has
    // its own share.
    const executions = await h.app.request('/api/svc/v2/executions?limit=1', {
      headers: { Cookie: cookies[0]! },
    });
    expect(executions.status).toBe(200);
  });

  it('refuses a send it has no room for: nothing is sent, the journal and the answer say so', async () => {
    // 2 % of the service's 20/s for internal transfers: 24 a minute, one more every 2.5 s.
    h = await sandboxHarness({ alg: 'EdDSA', secrets, serviceBudgetPercent: 2 });
    const finance = await h.signIn('finance');
    // Another BFF process on the database has just spent the minute's share.
    const elsewhere = createServiceBudget(createCounterStore(h.db), { percent: 2 });
    const taken = await Promise.allSettled(
      Array.from({ length: 30 }, () => elsewhere.take('/v2/transfer/internal')),
    );
    expect(taken.filter((t) => t.status === 'fulfilled')).toHaveLength(24);
    const res = await h.post(
      '/api/operations/createInternalTransfer',
      finance,
      exampleInput('createInternalTransfer'),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const problem = (await res.json()) as Problem;
    expect(problem.code).toBe('rate-limited');
    expect(problem.detail).toMatch(
      /^Nothing was sent \(not sent: the console's budget of requests to \/v2\/transfer\/internal is spent/,
    );
    expect(problem.detail).not.toMatch(/token/);
    expect(problem.journal).toMatchObject({
      state: 'REJECTED',
      attempts: 0,
      response_status: null,
      error: expect.stringMatching(/^not sent: the console's budget of requests/),
    });
    const sent = (await h.log()).requests.filter((r) => r.path === '/v2/transfer/internal');
    expect(sent).toHaveLength(0);
  });
});
