import { DEMO_IDS, exampleInput, type JournalEntry } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvalUsers, SECOND_FINANCE } from '../approvals-test-kit';
import { unsignedDefaultPolicy } from '../unsigned-policy';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/*
 * The appendix's cancel and deletes sent like every write, through `POST /api/operations/{id}`,
 * to the real sandbox under the built-in policy: journaled, a cancel at once, a delete after a
 * second operator approves, each a DELETE signed over an empty payload, and each exactly once.
 */
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
beforeAll(async () => {
  h = await sandboxHarness({
    alg: 'EdDSA',
    secrets,
    faults: true,
    timeoutMs: 1_500,
    policy: unsignedDefaultPolicy(),
    extraUsers: (await approvalUsers()).filter((u) => u.username === SECOND_FINANCE.username),
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('POST', '/reset');
  await h.control('PUT', '/prices/BTCUSD', { price: '60000' });
});

type Answer = { journal: JournalEntry; detail?: string };
const T = DEMO_IDS.profiles.trading;

async function submit(cookie: string, id: string, input: object) {
  const res = await h.post(`/api/operations/${id}`, cookie, input);
  return { status: res.status, body: (await res.json()) as Answer };
}

/** A read through the BFF's proxy, as the console's pages make it. */
async function read(cookie: string, path: string) {
  const res = await h.app.request(`/api/svc${path}`, { headers: { Cookie: cookie } });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

/** A buy limit under the market: it rests open and holds its USD. */
async function openOrder(cookie: string): Promise<string> {
  const placed = await submit(cookie, 'createOrder', {
    ...exampleInput('createOrder'),
    type: 'LIMIT',
    side: 'BUY',
    quote_amount: undefined,
    base_amount: '0.01',
    price: '55000',
  });
  expect(placed.status, placed.body.detail).toBe(200);
  const order = placed.body.journal.response as { id: string; status: string };
  // SUBMITTED until the engine books it: both are open, both can be cancelled.
  expect(['SUBMITTED', 'OPEN']).toContain(order.status);
  return order.id;
}

/** The DELETEs that reached the sandbox, with what was signed and verified. */
async function deletes() {
  return (await h.log()).requests.filter((r) => r.method === 'DELETE');
}

describe('cancel and deletes through POST /api/operations/{id}, against the sandbox', () => {
  it('a cancel goes out at once: journaled, a DELETE signed over an empty payload, the order CANCELLED', async () => {
    const finance = await h.signIn('finance');
    const id = await openOrder(finance);
    const sent = await submit(finance, 'cancelOrder', { profile_id: T, id });
    expect(sent.status, sent.body.detail).toBe(200);
    expect(sent.body.journal).toMatchObject({
      operation: 'cancelOrder',
      method: 'DELETE',
      request_path: `/v2/profiles/${T}/orders/${id}`,
      request_body: '',
      state: 'SUCCEEDED',
    });
    const [received, ...more] = await deletes();
    expect(more).toEqual([]);
    expect(received).toMatchObject({
      path: `/v2/profiles/${T}/orders/${id}`,
      body: '',
      status: 200,
      signature: { verified: true, kid: h.kid },
    });
    expect((await read(finance, `/v2/profiles/${T}/orders/${id}`)).body.data.status).toBe(
      'CANCELLED',
    );
  });

  it('a cancel whose answer was lost is resolved by reading the order back, never sent twice', async () => {
    const finance = await h.signIn('finance');
    const id = await openOrder(finance);
    h.proxy!.queue('hang-after-forward', { status: 503 }, { status: 503 }, { status: 503 });
    const lost = await submit(finance, 'cancelOrder', { profile_id: T, id });
    expect(lost.body.journal.state).toBe('UNKNOWN');
    const retried = await h.post(`/api/journal/${lost.body.journal.id}/retry`, finance, {});
    const settled = (await retried.json()) as Answer;
    expect(retried.status, settled.detail).toBe(200);
    expect(settled.journal.state).toBe('SUCCEEDED');
    // One DELETE reached the service; resolving read the order instead of cancelling again.
    expect(await deletes()).toHaveLength(1);
  });

  it.each([
    ['deleteOrchestrationRule', 'finance', 'second finance'],
    ['deleteFiatAccount', 'support', 'admin'],
  ] as const)(
    '%s waits for a second operator, then goes out once as a DELETE with no body',
    async (operation, maker, checker) => {
      const makerCookie = await h.signIn(maker);
      const checkerCookie =
        checker === 'second finance'
          ? await h.signIn('finance', SECOND_FINANCE)
          : await h.signIn(checker);
      let input: { id: string };
      let path: string;
      if (operation === 'deleteOrchestrationRule') {
        const rules = await read(makerCookie, '/v2/orchestration/rules');
        const items = rules.body.data.items as { id: string; status: string }[];
        const active = items.find((r) => r.status === 'ACTIVE');
        expect(active, JSON.stringify(rules.body)).toBeDefined();
        input = { id: active!.id };
        path = `/v2/orchestration/rules/${active!.id}`;
      } else {
        input = { id: DEMO_IDS.fiatAccounts.globex };
        path = `/v2/transfer/fiat-accounts/${DEMO_IDS.fiatAccounts.globex}`;
      }

      const held = await submit(makerCookie, operation, input);
      expect(held.status, held.body.detail).toBe(202);
      expect(held.body.journal).toMatchObject({ method: 'DELETE', request_body: '' });
      expect(await deletes()).toEqual([]);

      const approve = () =>
        h.post(`/api/approvals/${held.body.journal.id}/approve`, checkerCookie, {});
      const approved = await approve();
      const sent = (await approved.json()) as Answer;
      expect(approved.status, sent.detail).toBe(200);
      expect(sent.journal.state).toBe('SUCCEEDED');
      // Approving again sends nothing more.
      expect((await approve()).status).toBe(409);

      const [received, ...more] = await deletes();
      expect(more).toEqual([]);
      expect(received).toMatchObject({
        path,
        body: '',
        status: 200,
        signature: { verified: true, kid: h.kid },
      });
    },
  );
});
