import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from './watch-pace';

describe('watchSpacingMs', () => {
  it.each([
    [DEFAULT_WATCH_SHARE_PERCENT, 200],
    [5, 400],
    [2, 1_000],
    [20, 100],
    [0.5, 4_000],
  ])('spaces the reads at %s %% of 50 a second by %i ms', (percent, spacing) => {
    expect(watchSpacingMs(percent)).toBe(spacing);
  });
});
