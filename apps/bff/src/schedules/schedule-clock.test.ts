import { offsetClock, systemClock } from '@console/sandbox';
import { describe, expect, it, vi } from 'vitest';
import { logCollector } from '../../test/harness';
import { startScheduleRunner, type ScheduleRunner } from './schedule-runner';

describe('the scheduler on a clock that moves', () => {
  it.each([
    ['a move wakes it at once', [60_000], 2],
    ['each move wakes it', [1, 7 * 86_400_000], 3],
    ['no move, no look before its interval', [], 1],
  ])('%s', async (_, moves, looks) => {
    const clock = offsetClock(systemClock);
    const wake = vi.fn(() => Promise.resolve({ held: true, journaled: 0, refused: 0, skipped: 0 }));
    const runner = { wake, stop: vi.fn(() => Promise.resolve()) } as unknown as ScheduleRunner;
    const stop = startScheduleRunner(runner, {
      intervalMs: 3_600_000,
      logger: logCollector().logger,
      onMove: (listener) => clock.onMove(listener),
    });
    for (const ms of moves) clock.advance(ms);
    expect(wake).toHaveBeenCalledTimes(looks);
    await stop();
    // Stopped, it follows the clock no more.
    clock.advance(1);
    expect(wake).toHaveBeenCalledTimes(looks);
  });
});
