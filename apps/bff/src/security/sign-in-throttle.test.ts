import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { sharedDb } from '../../test/harness';
import { createCounterStore } from './counter-store';
import { createOperatorRateLimit } from './operator-rate-limit';
import { createSignInThrottle, type ReserveResult } from './sign-in-throttle';

let db: Db;
let clock: number;
beforeEach(async () => {
  db = await sharedDb();
  await db.exec('delete from security_counters');
  clock = Date.parse('2026-01-01T10:00:00Z');
});

const counters = () => createCounterStore(db, { now: () => clock });

describe('the sign-in throttle', () => {
  const make = () =>
    createSignInThrottle(counters(), {
      maxFailures: 3,
      addressMaxFailures: 5,
      lockMs: 60_000,
      now: () => clock,
    });
  const allowed = (result: ReserveResult) => {
    if (!result.allowed) throw new Error(`refused for ${result.retryAfterMs} ms`);
    return result.reservation;
  };

  it('lets three attempts of one username and source check a password, then refuses', async () => {
    const throttle = make();
    for (let i = 0; i < 3; i += 1) allowed(await throttle.reserve('ada', 'a1'));
    expect(await throttle.reserve('ada', 'a1')).toEqual({ allowed: false, retryAfterMs: 60_000 });
    // Another source, the same account: its own count.
    expect((await throttle.reserve('ada', 'a2')).allowed).toBe(true);
  });

  it('forgets attempts older than the window when no lock was reached', async () => {
    const throttle = make();
    allowed(await throttle.reserve('ada', 'a1'));
    allowed(await throttle.reserve('ada', 'a1'));
    clock += 60_000;
    const fresh = allowed(await throttle.reserve('ada', 'a1'));
    expect(fresh.pairAttempts).toBe(1);
    expect(throttle.failed(fresh)).toEqual({ delayMs: 0, locked: [] });
  });

  it('treats usernames case-insensitively and ignores spaces around them', async () => {
    const throttle = make();
    allowed(await throttle.reserve('Ada', 'a1'));
    allowed(await throttle.reserve(' ADA', 'a1'));
    const third = allowed(await throttle.reserve('ada ', 'a1'));
    expect(throttle.failed(third).locked).toEqual(['username and source']);
    expect((await throttle.reserve('aDa', 'a1')).allowed).toBe(false);
  });

  it('counts usernames that differ by more than case apart', async () => {
    const throttle = make();
    // 'ß' upper-cases to 'SS': folding to upper case would merge these two accounts.
    for (let i = 0; i < 3; i += 1) allowed(await throttle.reserve('straße', 'a1'));
    expect((await throttle.reserve('straße', 'a1')).allowed).toBe(false);
    expect(allowed(await throttle.reserve('strasse', 'a1')).pairAttempts).toBe(1);
  });

  it('keeps a hash of each typed username in the counters, never the name', async () => {
    const throttle = make();
    allowed(await throttle.reserve('Tr0ub4dor&3', '10.0.0.7'));
    const keys = (await db.query<{ key: string }>('select key from security_counters')).map(
      (row) => row.key,
    );
    expect(keys.sort()).toEqual([
      'sign-in:address:10.0.0.7',
      expect.stringMatching(/^sign-in:pair:10\.0\.0\.7\|[A-Za-z0-9_-]{43}$/),
      expect.stringMatching(/^sign-in:username:[A-Za-z0-9_-]{43}$/),
    ]);
    expect(keys.join()).not.toMatch(/tr0ub4dor/i);
  });

  it('locks a source that fails across usernames on its fifth failure, and says so', async () => {
    const throttle = make();
    const results = [];
    for (let i = 0; i < 5; i += 1) {
      results.push(throttle.failed(allowed(await throttle.reserve(`user-${i}`, 'nat'))).locked);
    }
    expect(results).toEqual([[], [], [], [], ['source']]);
    expect(await throttle.reserve('someone-else', 'nat')).toEqual({
      allowed: false,
      retryAfterMs: 60_000,
    });
    // Other sources are not affected.
    expect((await throttle.reserve('someone-else', 'elsewhere')).allowed).toBe(true);
  });

  it('a refusal waits for the last of its locks to end', async () => {
    const throttle = make();
    for (let i = 0; i < 3; i += 1) allowed(await throttle.reserve('ada', 'a1'));
    clock += 10_000;
    allowed(await throttle.reserve('x', 'a1'));
    allowed(await throttle.reserve('y', 'a1'));
    // The source's sixth attempt locks it until +80 s.
    expect(await throttle.reserve('z', 'a1')).toEqual({ allowed: false, retryAfterMs: 60_000 });
    clock += 20_000;
    // Ada's fourth attempt from a1 locks the pair until +90 s: the later of the two locks.
    expect(await throttle.reserve('ada', 'a1')).toEqual({ allowed: false, retryAfterMs: 60_000 });
    clock += 50_000;
    expect(await throttle.reserve('ada', 'a1')).toEqual({ allowed: false, retryAfterMs: 10_000 });
  });

  it('a lock lasts its full time from when it began, however late in the window', async () => {
    const throttle = make();
    allowed(await throttle.reserve('ada', 'a1'));
    clock += 50_000;
    allowed(await throttle.reserve('ada', 'a1'));
    allowed(await throttle.reserve('ada', 'a1'));
    expect(await throttle.reserve('ada', 'a1')).toEqual({ allowed: false, retryAfterMs: 60_000 });
    clock += 59_999;
    expect((await throttle.reserve('ada', 'a1')).allowed).toBe(false);
    clock += 1;
    expect((await throttle.reserve('ada', 'a1')).allowed).toBe(true);
  });

  it('a success counts only when no attempt of its burst went past the limit', async () => {
    const throttle = make();
    const first = allowed(await throttle.reserve('ada', 'a1'));
    allowed(await throttle.reserve('ada', 'a1'));
    allowed(await throttle.reserve('ada', 'a1'));
    expect((await throttle.reserve('ada', 'a1')).allowed).toBe(false);
    // The first attempt had the right password, but the burst it was part of crossed the limit.
    expect(await throttle.succeeded(first)).toBe(false);
    clock += 60_000;
    const later = allowed(await throttle.reserve('ada', 'a1'));
    expect(await throttle.succeeded(later)).toBe(true);
    expect(allowed(await throttle.reserve('ada', 'a1')).pairAttempts).toBe(1);
  });

  it('successful sign-ins never add up to a lock of their source', async () => {
    const throttle = make();
    for (let i = 0; i < 12; i += 1) {
      expect(await throttle.succeeded(allowed(await throttle.reserve(`user-${i}`, 'office')))).toBe(
        true,
      );
    }
    expect((await throttle.reserve('someone', 'office')).allowed).toBe(true);
  });

  it.each([
    // username attempts, pair attempts, delay
    [1, 1, 0],
    [2, 1, 250],
    [1, 2, 250],
    [4, 1, 1000],
    [1, 4, 1000],
    [3, 5, 2000],
    [40, 2, 2000],
  ])(
    'a failure with %i attempts of the username and %i of the pair waits %i ms',
    (usernameAttempts, pairAttempts, delayMs) => {
      const throttle = createSignInThrottle(counters(), {
        maxFailures: 100,
        addressMaxFailures: 100,
        lockMs: 60_000,
      });
      const reservation = {
        username: 'ada',
        address: 'a1',
        usernameAttempts,
        pairAttempts,
        addressAttempts: 1,
      };
      expect(throttle.failed(reservation)).toEqual({ delayMs, locked: [] });
    },
  );

  it('slows down by the pair count when the username window started afresh', async () => {
    const throttle = make();
    allowed(await throttle.reserve('ada', 'elsewhere'));
    clock += 30_000;
    allowed(await throttle.reserve('ada', 'a1'));
    // The username's window (from the first attempt) ends; the pair's goes on.
    clock += 35_000;
    const late = allowed(await throttle.reserve('ada', 'a1'));
    expect([late.usernameAttempts, late.pairAttempts]).toEqual([1, 2]);
    expect(throttle.failed(late).delayMs).toBe(250);
  });

  it('never locks a username failing from many sources, only slows it down', async () => {
    const throttle = make();
    for (let i = 0; i < 30; i += 1) {
      const reservation = allowed(await throttle.reserve('ada', `10.0.0.${i}`));
      expect(throttle.failed(reservation).locked).toEqual([]);
    }
    const owner = allowed(await throttle.reserve('ada', 'home'));
    expect(owner.usernameAttempts).toBe(31);
    expect(await throttle.succeeded(owner)).toBe(true);
  });

  it('a successful sign-in takes its attempt off the username count', async () => {
    const throttle = make();
    allowed(await throttle.reserve('ada', 'a1'));
    expect(await throttle.succeeded(allowed(await throttle.reserve('ada', 'a2')))).toBe(true);
    expect(allowed(await throttle.reserve('ada', 'a3')).usernameAttempts).toBe(2);
  });

  it('a flood of new usernames from new sources cannot push a lock out', async () => {
    const throttle = make();
    const store = counters();
    const flood = async (from: number) => {
      for (let i = from; i < from + 500; i += 1) {
        allowed(await throttle.reserve(`flood-${i}`, `198.18.${i >> 8}.${i & 255}`));
      }
    };
    allowed(await throttle.reserve('ada', 'a1'));
    await flood(0);
    clock += 50_000;
    allowed(await throttle.reserve('ada', 'a1'));
    allowed(await throttle.reserve('ada', 'a1'));
    expect((await throttle.reserve('ada', 'a1')).allowed).toBe(false);
    await flood(500);
    expect((await throttle.reserve('ada', 'a1')).allowed).toBe(false);
    // The first flood's windows and the lock's window have ended; the lock (from +50 s) has not.
    clock += 11_000;
    expect(await store.sweep()).toBe(500 * 3 + 2);
    expect(await throttle.reserve('ada', 'a1')).toEqual({ allowed: false, retryAfterMs: 49_000 });
    clock += 49_000;
    expect((await throttle.reserve('ada', 'a1')).allowed).toBe(true);
  });

  it('slows down by the larger of the username and the pair counts, up to the cap', async () => {
    const throttle = make();
    const delays: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      delays.push(throttle.failed(allowed(await throttle.reserve('ada', `a${i}`))).delayMs);
    }
    expect(delays).toEqual([0, 250, 500, 1000, 2000, 2000, 2000]);
  });

  it('holds across processes: two throttles on one database share the count', async () => {
    const one = make();
    const two = make();
    allowed(await one.reserve('ada', 'a1'));
    allowed(await two.reserve('ada', 'a1'));
    allowed(await one.reserve('ada', 'a1'));
    expect((await two.reserve('ada', 'a1')).allowed).toBe(false);
  });

  it('old counters are swept, live ones kept', async () => {
    const store = counters();
    const throttle = make();
    allowed(await throttle.reserve('ada', 'a1'));
    expect(await store.sweep()).toBe(0);
    clock += 60_001;
    expect(await store.sweep()).toBe(3);
  });
});

describe('the send rate limit', () => {
  it('allows a burst, then one send per refill interval, shared by every process', async () => {
    const limit = createOperatorRateLimit(counters(), { kind: 'send', perMinute: 2 });
    const other = createOperatorRateLimit(counters(), { kind: 'send', perMinute: 2 });
    expect(await limit.take('ada')).toEqual({ ok: true });
    expect(await other.take('ada')).toEqual({ ok: true });
    expect(await limit.take('ada')).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(await limit.take('bob')).toEqual({ ok: true });
    clock += 30_000;
    expect(await other.take('ada')).toEqual({ ok: true });
    expect((await limit.take('ada')).ok).toBe(false);
  });
});
