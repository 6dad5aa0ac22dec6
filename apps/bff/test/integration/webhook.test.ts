/**
 * `POST /api/webhooks/svc` against a real sandbox (issue 35): the API key is required, the body
 * is never trusted (the event is read back with Get Event), and a replay is dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
const KEY = 'webhook-key-0123456789abcdefghij';
let h: Awaited<ReturnType<typeof sandboxHarness>>;

beforeAll(async () => {
  h = await sandboxHarness({
    alg: 'EdDSA',
    secrets,
    webhook: { apiKey: KEY, header: 'x-api-key' },
  });
  await h.db.exec('delete from inbox_reads; delete from live_changes;');
});
afterAll(() => h.close());

const deliver = (body: unknown, headers: Record<string, string> = { 'X-Api-Key': KEY }) =>
  h.app.request('/api/webhooks/svc', {
    method: 'POST',
    // The service's own request: no browser's Origin, no CSRF header, no session.
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A real event of the sandbox: a deposit's. */
async function realEvent() {
  const state = await h.control<{ profiles: { id: string }[] }>('GET', '/state');
  await h.control('POST', '/deposits', {
    asset: 'BTC',
    amount: '0.25',
    profile_id: state.profiles[0]!.id,
  });
  const events = (await h.control<{ events: { id: string; type: string }[] }>('GET', '/state'))
    .events;
  return events.at(-1)!;
}

const refusals = () =>
  h.db.query<{ count: number }>(
    "select coalesce(sum(count), 0)::int as count from security_events where kind = 'webhook-refused'",
  );

describe('the service’s webhook', () => {
  it.each([
    ['without the key', {}],
    ['with a wrong key', { 'X-Api-Key': `${KEY}x` }],
    ['with the key in another header', { Authorization: KEY }],
  ])('refuses a delivery %s with 401 and a security event', async (_name, headers) => {
    const event = await realEvent();
    const before = (await refusals())[0]!.count;
    const res = await deliver({ id: event.id, type: event.type }, headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await refusals())[0]!.count).toBe(before + 1);
    const rows = await h.db.query('select 1 from live_changes where change_key = $1', [
      `event:${event.id}`,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('records what Get Event says, not what a forged body says, and drops the replay', async () => {
    const event = await realEvent();
    const forged = {
      id: event.id,
      type: 'identity.approved',
      object_type: 'identity_summary_status_change',
      object: { identity_id: 'forged', new_summary_status: 'APPROVED' },
    };
    const first = await deliver(forged);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'recorded' });
    const rows = await h.db.query<{ kind: string; record_type: string; payload: unknown }>(
      'select kind, record_type, payload from live_changes where change_key = $1',
      [`event:${event.id}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: event.type, record_type: 'transfer' });
    expect(JSON.stringify(rows[0]!.payload)).not.toContain('forged');

    const replay = await deliver(forged);
    expect(await replay.json()).toEqual({ status: 'duplicate' });
    const again = await h.db.query('select 1 from live_changes where change_key = $1', [
      `event:${event.id}`,
    ]);
    expect(again).toHaveLength(1);
  });

  it.each([
    '.',
    '..',
    '...',
    '../events',
    'a/b',
    '%2e%2e',
    ' e0f1a2b3-c4d5-4e6f-9a0b-1c2d3e4f5a01',
  ])(
    'refuses the event id %j with 400 naming the id, never a 500, and records nothing',
    async (id) => {
      const res = await deliver({ id, type: 'identity.denied' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await res.json()) as { errors?: { path: string }[] };
      expect(problem.errors?.map((e) => e.path)).toEqual(['id']);
      expect(
        await h.db.query('select 1 from live_changes where change_key = $1', [`event:${id}`]),
      ).toHaveLength(0);
    },
  );

  it('answers 404 for an event the service does not have, and records nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await deliver({ id, type: 'identity.denied' });
    expect(res.status).toBe(404);
    expect(
      await h.db.query('select 1 from live_changes where change_key = $1', [`event:${id}`]),
    ).toHaveLength(0);
  });
});
