import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { createJobLease } from './job-lease';

beforeAll(() => sharedDb());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)('one lease per job kind ($name)', (database) => {
  let close: () => Promise<void>;
  afterEach(() => close());

  const open = async (leaseMs: number) => {
    const { db, second, close: drop } = await database.open();
    close = drop;
    await db.exec('delete from job_leases;');
    const other = await second();
    return {
      db,
      a: createJobLease(db, { kind: 'test-job', owner: 'process-a', leaseMs }),
      b: createJobLease(other, { kind: 'test-job', owner: 'process-b', leaseMs }),
    };
  };

  it('is held by one process at a time, renewed by its holder, and taken over once it lapses', async () => {
    const { a, b } = await open(300);
    expect(await a.acquire()).toEqual({ held: true, takenFrom: null });
    expect(await b.acquire()).toEqual({ held: false, takenFrom: null });
    expect(await a.acquire()).toEqual({ held: true, takenFrom: null });
    expect(await a.holder()).toBe('process-a');
    await sleep(400);
    expect(await b.acquire()).toEqual({ held: true, takenFrom: 'process-a' });
    expect(await a.acquire()).toEqual({ held: false, takenFrom: null });
  });

  it('asked by both at once, goes to exactly one', async () => {
    const { a, b } = await open(30_000);
    const taken = await Promise.all([a.acquire(), b.acquire(), a.acquire(), b.acquire()]);
    const holders = new Set(
      taken.map((t, i) => (t.held ? (i % 2 === 0 ? 'a' : 'b') : undefined)).filter(Boolean),
    );
    expect(holders.size).toBe(1);
  });

  it('moves its position only for the holder, in the transaction of the work', async () => {
    const { db, a, b } = await open(30_000);
    await a.acquire();
    expect(await db.transaction((tx) => a.advance(tx, '42'))).toBe(true);
    expect(await b.advance(db, '43')).toBe(false);
    expect(await b.position()).toBe('42');
    const undone = new Error('work failed');
    await expect(
      db.transaction(async (tx) => {
        await a.advance(tx, '44');
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await a.position()).toBe('42');
  });

  it('let go at shutdown, is taken at the next ask without waiting for it to lapse', async () => {
    const { a, b } = await open(30_000);
    await a.acquire();
    expect(await a.release()).toBe(true);
    expect(await b.acquire()).toEqual({ held: true, takenFrom: 'process-a' });
  });
});
