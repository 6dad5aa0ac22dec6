import { describe, expect, it } from 'vitest';
import { createSendRateLimit } from './send-rate-limit';
import { createSignInThrottle } from './sign-in-throttle';

describe('the sign-in throttle', () => {
  const make = () => {
    let clock = 0;
    const throttle = createSignInThrottle({
      maxFailures: 3,
      addressMaxFailures: 5,
      lockMs: 60_000,
      now: () => clock,
    });
    return { throttle, tick: (ms: number) => (clock += ms) };
  };

  it('forgets failures older than the window when no lock was reached', () => {
    const { throttle, tick } = make();
    throttle.fail('ada', 'a1');
    throttle.fail('ada', 'a1');
    tick(60_000);
    expect(throttle.fail('ada', 'a1')).toEqual({ delayMs: 0, locked: [] });
    expect(throttle.lockedFor('ada', 'a1')).toBeUndefined();
  });

  it('treats usernames case-insensitively and reports what a failure locked', () => {
    const { throttle, tick } = make();
    throttle.fail('Ada', 'a1');
    throttle.fail('ADA ', 'a2');
    expect(throttle.fail('ada', 'a3').locked).toEqual(['username']);
    expect(throttle.lockedFor('ada', 'elsewhere')).toBe(60_000);
    tick(59_999);
    expect(throttle.lockedFor('ada', 'elsewhere')).toBe(1);
    tick(1);
    expect(throttle.lockedFor('ada', 'elsewhere')).toBeUndefined();
  });

  it('stays bounded under a flood of distinct usernames', () => {
    const { throttle, tick } = make();
    const started = performance.now();
    for (let i = 0; i < 30_000; i += 1)
      throttle.fail(`user-${i}`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(performance.now() - started).toBeLessThan(2_000);
    // The newest are still counted; the oldest made room.
    throttle.fail('user-29999', 'x');
    expect(throttle.fail('user-29999', 'y').locked).toEqual(['username']);
    tick(60_000);
    expect(throttle.lockedFor('user-29999', 'y')).toBeUndefined();
  });
});

describe('the send rate limit', () => {
  it('allows a burst, then one send per refill interval', () => {
    let clock = 0;
    const limit = createSendRateLimit({ perMinute: 2, now: () => clock });
    expect(limit.take('ada')).toEqual({ ok: true });
    expect(limit.take('ada')).toEqual({ ok: true });
    expect(limit.take('ada')).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(limit.take('bob')).toEqual({ ok: true });
    clock += 30_000;
    expect(limit.take('ada')).toEqual({ ok: true });
    expect(limit.take('ada').ok).toBe(false);
  });
});
