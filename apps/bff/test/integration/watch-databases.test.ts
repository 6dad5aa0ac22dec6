/**
 * The watcher's handover on each database the BFF runs on (issue 35): two processes, each with
 * its own connection (on PostgreSQL, its own pool), watch one sandbox. Only one writes at a
 * time; when it stops, the other takes over from the stored cursor, and every event is in the
 * log once, in order, and reaches a stream reader woken by the database's notice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { logCollector } from '../harness';
import { testDatabases } from '../databases';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';
import { createChangeHub } from '../../src/watch/change-hub';
import { createChangeReader } from '../../src/watch/change-store';
import { createWatcher, type WatcherOptions } from '../../src/watch/watcher';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const OPTIONS: WatcherOptions = {
  spacingMs: 0,
  leaseMs: 1_000,
  startLookbackMs: 24 * 3_600_000,
  pageSize: 2,
  maxPages: 1_000,
  idleOrderLooks: 1_000,
  pauseMs: 1_000,
  maxPauseMs: 1_000,
  timeoutMs: 5_000,
};

describe.each(testDatabases)('the watcher on $name', (database) => {
  it('hands over between two processes with every event once, in order, and wakes the readers', async () => {
    const h = await sandboxHarness({ alg: 'EdDSA', secrets });
    closers.push(h.close);
    const { db, second, close } = await database.open();
    closers.push(close);
    await db.exec(
      "delete from inbox_reads; delete from live_changes; delete from watch_cursors; delete from job_leases where kind = 'watch';",
    );
    const other = await second();
    const logger = logCollector().logger;
    const a = createWatcher({ db, client: h.client, owner: 'process-a', logger }, OPTIONS);
    const b = createWatcher({ db: other, client: h.client, owner: 'process-b', logger }, OPTIONS);
    // A reader of the other process hears of the changes.
    let woken = 0;
    const reader = createChangeReader(other);
    const stop = createChangeHub(other, reader, { pollMs: 60_000 }).subscribe(() => (woken += 1));

    const profile = (await h.control<{ profiles: { id: string }[] }>('GET', '/state')).profiles[0]!
      .id;
    const deposit = (amount: string) =>
      h.control('POST', '/deposits', { asset: 'BTC', amount, profile_id: profile });
    await deposit('0.1');
    await deposit('0.2');
    expect((await a.look()).held).toBe(true);
    expect((await b.look()).held).toBe(false);
    await expect.poll(() => woken, { timeout: 5_000 }).toBeGreaterThan(0);

    await deposit('0.3');
    await a.stop();
    // a let its lease go: b takes over at its next look and resumes from a's cursor.
    expect((await b.look()).held).toBe(true);
    await deposit('0.4');
    await b.look();
    stop();

    const state = await h.control<{ events: { id: string; created_at: string }[] }>(
      'GET',
      '/state',
    );
    const since = Date.now() - OPTIONS.startLookbackMs;
    const expected = state.events
      .map((e, seq) => ({ e, seq }))
      .filter(({ e }) => Date.parse(e.created_at) >= since)
      .sort((x, y) => Date.parse(x.e.created_at) - Date.parse(y.e.created_at) || x.seq - y.seq)
      .map(({ e }) => `event:${e.id}`);
    const logged = await other.query<{ change_key: string }>(
      "select change_key from live_changes where source = 'event' order by live_changes.id",
    );
    expect(logged.map((r) => r.change_key)).toEqual(expected);
  });
});
