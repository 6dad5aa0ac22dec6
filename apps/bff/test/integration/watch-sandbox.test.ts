/**
 * The watcher against a real sandbox over HTTP (issue 35): what changes at the service reaches
 * the change log once and in order, a second process takes over a stopped one's feeds from the
 * stored cursor, and the service saying "not now" pauses the watcher.
 */
import { exampleInput } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { logCollector } from '../harness';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';
import { EVENT_TRANSFER_TYPES } from '../../src/watch/classify';
import { createWatcher, type WatcherOptions } from '../../src/watch/watcher';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
type Harness = Awaited<ReturnType<typeof sandboxHarness>>;
const harnesses: Harness[] = [];
afterAll(async () => {
  for (const h of harnesses) await h.close();
});

const OPTIONS: WatcherOptions = {
  spacingMs: 0,
  leaseMs: 30_000,
  startLookbackMs: 24 * 3_600_000,
  pageSize: 3,
  maxPages: 1_000,
  idleOrderLooks: 1,
  pauseMs: 60_000,
  maxPauseMs: 300_000,
  timeoutMs: 5_000,
};

async function setUp(faults = false) {
  const h = await sandboxHarness({ alg: 'EdDSA', secrets, faults });
  harnesses.push(h);
  await h.db.exec(
    "delete from inbox_reads; delete from live_changes; delete from watch_cursors; delete from job_leases where kind = 'watch';",
  );
  const watcher = (owner: string, options: Partial<WatcherOptions> = {}) =>
    createWatcher(
      { db: h.db, client: h.client, owner, logger: logCollector().logger },
      { ...OPTIONS, ...options },
    );
  return { h, watcher };
}

interface SandboxState {
  profiles: { id: string }[];
  events: { id: string; created_at: string; object: { id?: string; identity_id?: string } }[];
  transfers: { id: string; type: string; status: string; updated_at: string }[];
}

/** Deposits into the first profile: each a COMPLETED crypto deposit, each one event. */
async function deposits(h: Harness, count: number) {
  const state = await h.control<SandboxState>('GET', '/state');
  for (let i = 0; i < count; i++) {
    await h.control('POST', '/deposits', {
      asset: 'BTC',
      amount: `0.0${i + 1}`,
      profile_id: state.profiles[0]!.id,
    });
  }
}

/**
 * The events List Events gives from `since` on, in its order: by time, then as they happened
 * (the sandbox's state lists them as they happened, which a backdated seed event breaks).
 */
function eventsSince(state: SandboxState, since: number): string[] {
  return state.events
    .map((e, seq) => ({ e, seq }))
    .filter(({ e }) => Date.parse(e.created_at) >= since)
    .sort((x, y) => Date.parse(x.e.created_at) - Date.parse(y.e.created_at) || x.seq - y.seq)
    .map(({ e }) => `event:${e.id}`);
}

const changes = (h: Harness) =>
  h.db.query<{ id: string; change_key: string; record_id: string; source: string }>(
    'select id::text as id, change_key, record_id, source from live_changes order by live_changes.id',
  );

describe('the watcher against the sandbox', () => {
  it('writes every event and transfer change once, in the order the service recorded them', async () => {
    const { h, watcher } = await setUp();
    const a = watcher('process-a');
    await deposits(h, 4);
    const cookie = await h.signIn('finance');
    const sent = await h.post(
      '/api/operations/createInternalTransfer',
      cookie,
      exampleInput('createInternalTransfer'),
    );
    expect(sent.status).toBe(200);
    const since = Date.now() - OPTIONS.startLookbackMs;
    const first = await a.look();
    expect(first.held).toBe(true);
    await deposits(h, 2);
    const second = await a.look();
    expect(second.written).toBeGreaterThanOrEqual(2);
    expect((await a.look()).written).toBe(0);

    const state = await h.control<SandboxState>('GET', '/state');
    const logged = await changes(h);
    const events = logged.filter((c) => c.source === 'event').map((c) => c.change_key);
    // Every event of the sandbox, in its order (the page size of 3 made many pages).
    expect(events).toEqual(eventsSince(state, since));
    // The transfers came by update time, the internal transfer's legs among them; the crypto
    // deposits only as their events.
    const transfers = logged.filter((c) => c.source === 'transfer');
    const followed = state.transfers.filter(
      (t) => Date.parse(t.updated_at) >= since && !EVENT_TRANSFER_TYPES.has(t.type),
    );
    expect(followed.filter((t) => t.type.startsWith('INTERNAL')).length).toBeGreaterThanOrEqual(2);
    expect(new Set(transfers.map((t) => t.record_id))).toEqual(new Set(followed.map((t) => t.id)));
    expect(new Set(logged.map((c) => c.change_key)).size).toBe(logged.length);
  });

  it('hands over to a second process that resumes from the stored cursor, losing and repeating nothing', async () => {
    const { h, watcher } = await setUp();
    await deposits(h, 7);
    const a = watcher('process-a', { leaseMs: 2_000 });
    // Process a reads two pages, then dies mid-walk: its third read never returns an answer.
    let reads = 0;
    const dying = createWatcher(
      {
        db: h.db,
        client: {
          send: async (request) => {
            if (++reads > 2) throw new Error('the process was killed');
            return h.client.send(request);
          },
        },
        owner: 'process-a',
        logger: logCollector().logger,
      },
      { ...OPTIONS, leaseMs: 2_000 },
    );
    const since = Date.now() - OPTIONS.startLookbackMs;
    await expect(dying.look()).rejects.toThrow('killed');
    const before = await changes(h);
    expect(before.length).toBe(6);
    // Another process asks while a's lease runs: it is refused.
    const b = watcher('process-b', { leaseMs: 2_000 });
    expect((await b.look()).held).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const taken = await b.look();
    expect(taken.held).toBe(true);
    // a, back from the dead, writes nothing now that b holds the lease.
    expect((await a.look()).held).toBe(false);

    const state = await h.control<SandboxState>('GET', '/state');
    const events = (await changes(h)).filter((c) => c.source === 'event');
    expect(events.slice(0, 6)).toEqual(before.filter((c) => c.source === 'event'));
    expect(events.map((c) => c.change_key)).toEqual(eventsSince(state, since));
  });

  it('pauses when the service answers 429 and reads nothing until the pause is over', async () => {
    const { h } = await setUp(true);
    let clock = Date.now();
    const a = createWatcher(
      {
        db: h.db,
        client: h.client,
        owner: 'process-a',
        logger: logCollector().logger,
        now: () => clock,
      },
      OPTIONS,
    );
    // Every attempt of the client's retries is refused.
    h.proxy!.queue({ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 });
    const refused = await a.look();
    expect(refused.pausedForMs).toBe(OPTIONS.pauseMs);
    const received = h.proxy!.received.length;
    expect((await a.look()).reads).toBe(0);
    expect(h.proxy!.received.length).toBe(received);
    // Refused again after the pause: the wait doubles.
    clock += OPTIONS.pauseMs;
    h.proxy!.queue({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    expect((await a.look()).pausedForMs).toBe(2 * OPTIONS.pauseMs);
    clock += 2 * OPTIONS.pauseMs;
    const resumed = await a.look();
    expect(resumed.pausedForMs).toBeUndefined();
    expect(resumed.reads).toBeGreaterThan(0);
  });

  it('follows an open order to its fill: the fills, then the filled order for the inbox', async () => {
    const { h, watcher } = await setUp();
    await h.control('PUT', '/prices/BTCUSD', { price: '60000' });
    const a = watcher('process-a');
    const finance = await h.signIn('finance');
    const placed = await h.post('/api/operations/createOrder', finance, {
      ...exampleInput('createOrder'),
      type: 'LIMIT',
      side: 'BUY',
      quote_amount: undefined,
      base_amount: '0.01',
      price: '55000',
    });
    expect(placed.status).toBe(200);
    const order = ((await placed.json()) as { journal: { response: { id: string } } }).journal
      .response;
    // The engine books it a moment after it was accepted.
    await h.control('POST', '/clock', { advance_ms: 5_000 });
    await a.look();
    const orderChanges = async () =>
      (
        await h.db.query<{ kind: string; audience: string | null }>(
          `select kind, audience from live_changes where source in ('order', 'execution')
           and (record_id = $1 or payload->>'order_id' = $1) order by live_changes.id`,
          [order.id],
        )
      ).map((c) => `${c.kind}${c.audience ? ` (inbox of ${c.audience})` : ''}`);
    expect(await orderChanges()).toEqual(['order.open']);
    // The market falls through the order's price: the sandbox fills it at once.
    await h.control('PUT', '/prices/BTCUSD', { price: '54000' });
    await a.look();
    expect(await orderChanges()).toEqual([
      'order.open',
      'execution.created',
      'order.filled (inbox of sender)',
    ]);
    await a.look();
    expect((await orderChanges()).filter((c) => c.startsWith('order.filled'))).toHaveLength(1);
  });

  it('prunes the changes older than it keeps, with their read marks, and nothing while another holds the lease', async () => {
    const { h, watcher } = await setUp();
    await deposits(h, 3);
    const a = watcher('process-a', { keepChangesMs: 7 * 24 * 3_600_000 });
    await a.look();
    const ids = (
      await h.db.query<{ id: string }>('select id::text as id from live_changes order by id')
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    // All but the newest are from eight days ago, and one was read by an operator.
    await h.db.query(
      `update live_changes set at = now() - interval '8 days' where id = any($1::bigint[])`,
      [ids.slice(0, -1)],
    );
    await h.db.query(`insert into inbox_reads (username, change_id) values ('finance', $1)`, [
      ids[0]!,
    ]);
    // Another process cannot prune: the lease is a's.
    expect(await watcher('process-b').store.prune(0, 100)).toBe(0);
    // The holder's next look prunes (the first look of a process prunes at once).
    const b = watcher('process-a', { keepChangesMs: 7 * 24 * 3_600_000 });
    await b.look();
    const left = await h.db.query<{ id: string }>('select id::text as id from live_changes');
    expect(left.map((r) => r.id)).toEqual([ids.at(-1)]);
    expect(await h.db.query('select 1 from inbox_reads')).toEqual([]);
  });
});
