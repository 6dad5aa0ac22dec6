import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { sharedDb } from '../../test/harness';
import { createCounterStore } from './counter-store';
import { createSendRateLimit } from './send-rate-limit';
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

  it('treats usernames case-insensitively', async () => {
    const throttle = make();
    allowed(await throttle.reserve('Ada', 'a1'));
    allowed(await throttle.reserve('ADA ', 'a1'));
    const third = allowed(await throttle.reserve('ada', 'a1'));
    expect(throttle.failed(third).locked).toEqual(['username and source']);
    expect((await throttle.reserve('aDa', 'a1')).allowed).toBe(false);
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
    const limit = createSendRateLimit(counters(), { perMinute: 2 });
    const other = createSendRateLimit(counters(), { perMinute: 2 });
    expect(await limit.take('ada')).toEqual({ ok: true });
    expect(await other.take('ada')).toEqual({ ok: true });
    expect(await limit.take('ada')).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(await limit.take('bob')).toEqual({ ok: true });
    clock += 30_000;
    expect(await other.take('ada')).toEqual({ ok: true });
    expect((await limit.take('ada')).ok).toBe(false);
  });
});
