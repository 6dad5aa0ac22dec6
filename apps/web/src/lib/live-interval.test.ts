import { describe, expect, it } from 'vitest';
import { liveInterval } from './live-interval';

describe('liveInterval', () => {
  it('stops once the record is final', () => {
    expect(liveInterval(1, true)).toBe(false);
    expect(liveInterval(40, true)).toBe(false);
  });

  it('starts at a second and backs off to ten seconds', () => {
    const waits = [1, 2, 3, 4, 5, 20].map((n) => liveInterval(n, false));
    expect(waits).toEqual([1000, 1500, 2250, 3375, 5063, 10_000]);
    for (let i = 1; i < waits.length; i++)
      expect(Number(waits[i])).toBeGreaterThanOrEqual(Number(waits[i - 1]));
  });
});
