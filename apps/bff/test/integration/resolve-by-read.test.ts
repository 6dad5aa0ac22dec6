import { DEMO_IDS, exampleInput, type JournalEntry } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
beforeAll(async () => {
  h = await sandboxHarness({ alg: 'EdDSA', secrets, faults: true, timeoutMs: 1_500 });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('POST', '/reset');
});

/** Every attempt of the next send fails: the first reaches the sandbox (or not), none answers. */
function loseTheAnswer(reaches: boolean) {
  h.proxy!.queue(
    reaches ? 'hang-after-forward' : { status: 503 },
    { status: 503 },
    { status: 503 },
    { status: 503 },
  );
}

async function unknownEntry(role: 'finance' | 'support', operation: string, input: object) {
  const cookie = await h.signIn(role);
  const res = await h.post(`/api/operations/${operation}`, cookie, input);
  const body = (await res.json()) as { journal: JournalEntry };
  expect(body.journal.state).toBe('UNKNOWN');
  return { cookie, entry: body.journal };
}

const resolve = async (cookie: string, entry: JournalEntry) => {
  const res = await h.post(`/api/journal/${entry.id}/retry`, cookie, {});
  return { status: res.status, body: (await res.json()) as { journal: JournalEntry } };
};

/** What reached the sandbox, by method and path without the query. */
async function received(): Promise<string[]> {
  const log = await h.log();
  return log.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);
}

describe('resolving an UNKNOWN entry by reading the record back', () => {
  it('an order that was placed: found by its ref_id, SUCCEEDED, never sent twice', async () => {
    loseTheAnswer(true);
    const input = { ...exampleInput('createOrder'), ref_id: 'lost-order-1' };
    const { cookie, entry } = await unknownEntry('finance', 'createOrder', input);
    const { status, body } = await resolve(cookie, entry);
    expect(status).toBe(200);
    expect(body.journal).toMatchObject({ state: 'SUCCEEDED', response_status: 200 });
    expect(body.journal.response).toMatchObject({ ref_id: 'lost-order-1', status: 'FILLED' });
    const orderPath = `/v2/profiles/${DEMO_IDS.profiles.trading}/orders`;
    expect(await received()).toEqual([`POST ${orderPath}`, `GET ${orderPath}`]);
  });

  it('a transfer that never arrived: read as absent, then sent again with the same bytes', async () => {
    loseTheAnswer(false);
    const { cookie, entry } = await unknownEntry('finance', 'createInternalTransfer', {
      ...exampleInput('createInternalTransfer'),
      ref_id: 'lost-transfer-1',
    });
    expect(await received()).toEqual([]);
    const { body } = await resolve(cookie, entry);
    expect(body.journal).toMatchObject({ state: 'SUCCEEDED', response_status: 200 });
    const log = await h.log();
    expect(log.requests.map((r) => [r.method, r.path.split('?')[0], r.body])).toEqual([
      ['GET', '/v2/transfer/transfers', ''],
      ['POST', '/v2/transfer/internal', entry.request_body],
    ]);
  });

  it('an order lost 23 hours ago or more: read as absent, never sent again by itself (its ref_id may soon name another order)', async () => {
    loseTheAnswer(false);
    const input = { ...exampleInput('createOrder'), ref_id: 'lost-order-old' };
    const { cookie, entry } = await unknownEntry('finance', 'createOrder', input);
    await h.db.query(
      `update journal_entries set created_at = now() - interval '23 hours 1 minute' where id = $1`,
      [entry.id],
    );
    const shown = await h.app.request(`/api/journal/${entry.id}`, { headers: { cookie } });
    expect(((await shown.json()) as JournalEntry).resolution?.may_resend).toBe(false);
    const { body } = await resolve(cookie, entry);
    expect(body.journal).toMatchObject({ state: 'UNKNOWN', attempts: entry.attempts });
    expect(body.journal.error).toMatch(/not sent again: its reference id may since name another/);
    const orderPath = `/v2/profiles/${DEMO_IDS.profiles.trading}/orders`;
    expect(await received()).toEqual([`GET ${orderPath}`]);
  });

  it('a fiat account update that was applied: the account holds the values, SUCCEEDED, not sent again', async () => {
    loseTheAnswer(true);
    const { cookie, entry } = await unknownEntry('support', 'updateFiatAccount', {
      ...exampleInput('updateFiatAccount'),
      metadata: { ticket: 'SUP-LOST-1' },
    });
    const { body } = await resolve(cookie, entry);
    expect(body.journal).toMatchObject({ state: 'SUCCEEDED', response_status: 200 });
    const path = `/v2/transfer/fiat-accounts/${DEMO_IDS.fiatAccounts.acme}`;
    expect(await received()).toEqual([`PUT ${path}`, `GET ${path}`]);
  });

  it('a fiat account update that never arrived: never sent blindly, left UNKNOWN with the reason', async () => {
    loseTheAnswer(false);
    const { cookie, entry } = await unknownEntry('support', 'updateFiatAccount', {
      ...exampleInput('updateFiatAccount'),
      metadata: { ticket: 'SUP-LOST-2' },
    });
    const { body } = await resolve(cookie, entry);
    expect(body.journal).toMatchObject({ state: 'UNKNOWN' });
    expect(body.journal.error).toMatch(/^read back: the account does not hold the intended values/);
    const path = `/v2/transfer/fiat-accounts/${DEMO_IDS.fiatAccounts.acme}`;
    expect(await received()).toEqual([`GET ${path}`]);
    const state = await h.control<{ fiat_accounts: { id: string; metadata?: object }[] }>(
      'GET',
      '/state',
    );
    expect(state.fiat_accounts.find((a) => a.id === DEMO_IDS.fiatAccounts.acme)?.metadata).toEqual({
      seeded: 'true',
    });
  });

  it('leaves no secret in the log', () => {
    const text = h.lines.join('\n');
    expect(secrets.tokens).toBeGreaterThan(0);
    expect([...secrets.values].filter((s) => text.includes(s))).toEqual([]);
  });
});
