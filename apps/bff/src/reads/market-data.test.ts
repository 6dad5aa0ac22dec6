import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createMarketData, type MarketFetch } from './market-data';

const PATH = '/v2/markets/BTCUSD/ticker';

describe.each(testDatabases)('market data read once per deployment, on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let db: Db;
  let clock: number;
  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(() => opened.close());
  beforeEach(async () => {
    await db.exec('delete from market_data');
    clock = Date.parse('2026-11-26T10:00:00Z');
  });

  /** The service: counts its fetches and answers the price it holds now. */
  function service(price = '64000') {
    const calls: number[] = [];
    const fetch: MarketFetch = async () => {
      calls.push(clock);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true, body: { market: 'BTCUSD', last: price } };
    };
    return { calls, fetch };
  }
  /** A process's reader on the shared database (PostgreSQL: its own connection). */
  const processOn = async () =>
    createMarketData(await opened.second(), {
      now: () => clock,
      // Real waits, so that another process's fetch can land meanwhile.
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
    });

  it('twenty readers on two processes within two seconds cost the service one fetch', async () => {
    const [a, b] = [await processOn(), await processOn()];
    const { calls, fetch } = service();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).read(PATH, fetch)),
    );
    expect(calls).toHaveLength(1);
    for (const answer of answers) expect(answer.body).toEqual({ market: 'BTCUSD', last: '64000' });
    clock += 1_999;
    await b.read(PATH, fetch);
    expect(calls).toHaveLength(1);
  });

  it('fetches again once the copy is as old as a page waits between looks (2 s), and says when each copy was fetched', async () => {
    const reader = await processOn();
    const { calls, fetch } = service();
    const first = await reader.read(PATH, fetch);
    clock += 2_000;
    const second = await reader.read(PATH, fetch);
    expect(calls).toHaveLength(2);
    expect(second.fetchedAt.getTime() - first.fetchedAt.getTime()).toBe(2_000);
  });

  it('answers the copy there is, with its age, when the service fails; with none, the failure', async () => {
    const reader = await processOn();
    await expect(
      reader.read(PATH, async () => ({ ok: false, error: new Error('service down') })),
    ).rejects.toThrow('service down');
    await reader.read(PATH, service().fetch);
    const fetchedAt = clock;
    clock += 5_000;
    const stale = await reader.read(PATH, async () => ({ ok: false, error: new Error('down') }));
    expect(stale.fetchedAt.getTime()).toBe(fetchedAt);
    // The failed fetch gave up its election: the next read may fetch at once.
    const { calls, fetch } = service('65000');
    expect((await reader.read(PATH, fetch)).body).toMatchObject({ last: '65000' });
    expect(calls).toHaveLength(1);
  });

  it('keeps each path apart', async () => {
    const reader = await processOn();
    const { calls, fetch } = service();
    await reader.read(PATH, fetch);
    await reader.read('/v2/markets/ETHUSD/ticker', fetch);
    expect(calls).toHaveLength(2);
  });
});
