import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { testDatabases } from '../../test/databases';
import {
  createSecurityEventStore,
  FAILURE_ROWS_PER_MINUTE,
  type FailureInit,
} from './security-events';

const START = Date.parse('2026-11-25T09:00:10Z');

const failure = (over: Partial<FailureInit> = {}): FailureInit => ({
  kind: 'sign-in-failed',
  username: 'finance',
  known: true,
  requestId: 'req-1',
  clientAddress: '192.0.2.1',
  userAgent: 'Firefox',
  ...over,
});

describe.each(testDatabases)('security events on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let clock: number;
  const store = (db: Db = opened.db) =>
    createSecurityEventStore(db, { now: () => new Date(clock) });
  const rows = () =>
    opened.db.query<{ username: string; client_address: string; kind: string; count: number }>(
      'select username, client_address, kind, count from security_events order by seq',
    );
  // Another process's connection, opened once for the tests that need one.
  let another: Db | undefined;
  const otherProcess = async () => (another ??= await opened.second());

  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    clock = START;
    await opened.db.exec('delete from security_events');
  });

  it('records an event as given, at the store’s time, with long values cut to size', async () => {
    await store().record({
      kind: 'session-ended',
      username: 'finance',
      requestId: 'req-9',
      actor: 'admin',
      clientAddress: '198.51.100.4',
      userAgent: 'u'.repeat(1_000),
      sessionId: 's-1',
      detail: 'd'.repeat(1_000),
    });
    await store().record({ kind: 'sign-in', username: 'x'.repeat(1_000), requestId: 'req-10' });

    const { items, next_cursor } = await store().list({}, 10);
    expect(next_cursor).toBeNull();
    expect(items).toHaveLength(2);
    expect(items[1]).toEqual({
      id: expect.any(String),
      at: '2026-11-25T09:00:10.000Z',
      kind: 'session-ended',
      username: 'finance',
      actor: 'admin',
      client_address: '198.51.100.4',
      user_agent: 'u'.repeat(300),
      session_id: 's-1',
      request_id: 'req-9',
      detail: 'd'.repeat(500),
      count: 1,
    });
    expect(items[0]).toMatchObject({
      kind: 'sign-in',
      username: 'x'.repeat(300),
      actor: null,
      client_address: null,
      user_agent: null,
      session_id: null,
      detail: null,
    });
  });

  it('records in the transaction of the change it reports: rolled back with it', async () => {
    await expect(
      opened.db.transaction(async (tx) => {
        await store().record({ kind: 'sign-out', username: 'finance', requestId: 'r' }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
    await opened.db.transaction((tx) =>
      store().record({ kind: 'sign-out', username: 'finance', requestId: 'r' }, tx),
    );
    expect(await rows()).toHaveLength(1);
  });

  it('lists newest first, filtered by kind and username, a page at a time', async () => {
    for (let i = 0; i < 5; i += 1) {
      await store().record({ kind: 'sign-in', username: `op-${i % 2}`, requestId: `in-${i}` });
      await store().record({ kind: 'sign-out', username: `op-${i % 2}`, requestId: `out-${i}` });
    }
    const first = await store().list({ kind: 'sign-in' }, 2);
    expect(first.items.map((e) => e.request_id)).toEqual(['in-4', 'in-3']);
    expect(first.next_cursor).toMatch(/^\d+$/);
    const second = await store().list({ kind: 'sign-in', before: Number(first.next_cursor) }, 2);
    expect(second.items.map((e) => e.request_id)).toEqual(['in-2', 'in-1']);
    const last = await store().list({ kind: 'sign-in', before: Number(second.next_cursor) }, 2);
    expect(last.items.map((e) => e.request_id)).toEqual(['in-0']);
    expect(last.next_cursor).toBeNull();

    const mine = await store().list({ kind: 'sign-out', username: 'op-1' }, 10);
    expect(mine.items.map((e) => e.request_id)).toEqual(['out-3', 'out-1']);
    expect((await store().list({ username: 'op-0' }, 10)).items).toHaveLength(6);
    expect((await store().list({ username: 'nobody' }, 10)).items).toEqual([]);
  });

  it('counts failures up in one row per kind, username, address and minute', async () => {
    await store().recordFailure(failure({ requestId: 'a' }));
    clock += 20_000;
    await store().recordFailure(failure({ requestId: 'b' }));
    await store().recordFailure(failure({ clientAddress: '192.0.2.2' }));
    await store().recordFailure(failure({ kind: 'sign-in-locked' }));
    await store().recordFailure(failure({ clientAddress: undefined }));
    clock += 40_000;
    await store().recordFailure(failure({ requestId: 'c' }));

    expect(await rows()).toEqual([
      { kind: 'sign-in-failed', username: 'finance', client_address: '192.0.2.1', count: 2 },
      { kind: 'sign-in-failed', username: 'finance', client_address: '192.0.2.2', count: 1 },
      { kind: 'sign-in-locked', username: 'finance', client_address: '192.0.2.1', count: 1 },
      { kind: 'sign-in-failed', username: 'finance', client_address: 'unknown', count: 1 },
      { kind: 'sign-in-failed', username: 'finance', client_address: '192.0.2.1', count: 1 },
    ]);
    // The counted row tells of the latest failure it counts.
    const [latest] = (await store().list({ kind: 'sign-in-failed' }, 10)).items.slice(-1);
    expect(latest).toMatchObject({ request_id: 'b', at: '2026-11-25T09:00:30.000Z', count: 2 });
  });

  it('keeps a name no operator has only as a short hash, the same in every process', async () => {
    const typed = 'Tr0ub4dor&3-correct-horse';
    const other = store(await otherProcess());
    await store().recordFailure(failure({ username: typed, known: false }));
    await other.recordFailure(failure({ username: typed, known: false }));
    await other.recordFailure(failure({ username: 'someone-else', known: false }));

    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ username: expect.stringMatching(/^unknown:[0-9a-f]{12}$/) });
    expect(stored[0]!.count).toBe(2);
    expect(stored[1]!.username).not.toBe(stored[0]!.username);
    expect(JSON.stringify(stored)).not.toContain(typed.slice(0, 8));
    const peppers = await opened.db.query(
      "select value from console_settings where name = 'security-event-pepper'",
    );
    expect(peppers).toHaveLength(1);
  });

  it('counts every one of failures that arrive at once from two processes', async () => {
    const other = store(await otherProcess());
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other : store()).recordFailure(failure())),
    );
    expect(await rows()).toEqual([
      { kind: 'sign-in-failed', username: 'finance', client_address: '192.0.2.1', count: 10 },
    ]);
  });

  it('makes at most a bounded number of rows a minute; past it one row per kind counts the rest', async () => {
    // All but one of the minute's rows as the store writes them, in one statement (cheaper).
    await opened.db.query(
      `insert into security_events (id, at, kind, username, client_address, request_id, count,
         bucket)
       select gen_random_uuid()::text, $1::timestamptz, 'sign-in-failed', 'finance',
         '10.0.1.' || i, 'seed', 1, $2::timestamptz
       from generate_series(1, $3::int) i`,
      [new Date(START).toISOString(), '2026-11-25T09:00:00.000Z', FAILURE_ROWS_PER_MINUTE - 1],
    );
    await store().recordFailure(failure({ clientAddress: '10.0.0.0' }));
    await store().recordFailure(failure({ clientAddress: '203.0.113.1' }));
    await store().recordFailure(failure({ clientAddress: '203.0.113.2' }));
    await store().recordFailure(failure({ kind: 'webhook-refused', clientAddress: '203.0.113.3' }));
    // A row already kept still counts up.
    await store().recordFailure(failure({ clientAddress: '10.0.0.0' }));

    const stored = await rows();
    expect(stored).toHaveLength(FAILURE_ROWS_PER_MINUTE + 2);
    expect(stored.find((r) => r.client_address === '10.0.0.0')!.count).toBe(2);
    expect(stored.filter((r) => r.username === '(others)')).toEqual([
      { kind: 'sign-in-failed', username: '(others)', client_address: '(others)', count: 2 },
      { kind: 'webhook-refused', username: '(others)', client_address: '(others)', count: 1 },
    ]);

    // The next minute starts afresh.
    clock += 60_000;
    await store().recordFailure(failure({ clientAddress: '203.0.113.1' }));
    expect((await rows()).slice(-1)).toEqual([
      { kind: 'sign-in-failed', username: 'finance', client_address: '203.0.113.1', count: 1 },
    ]);
  });
});
