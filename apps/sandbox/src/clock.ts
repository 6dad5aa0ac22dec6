/** The sandbox's sense of time. Everything that moves (tokens, orders, transfers) reads it. */
export interface Clock {
  /** Current time in Unix milliseconds. */
  now(): number;
}

/** A clock that tests drive by hand: time stands still until advanced. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A controllable clock for tests.
 *
 * @example
 * const clock = createManualClock(Date.parse('2026-01-01T00:00:00Z'));
 * clock.advance(5_000);
 */
export function createManualClock(start = Date.now()): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}

/**
 * The clock a sandbox runs on: the given clock plus an offset that `POST /sandbox/clock` moves
 * forward. An offset (rather than requiring a manual clock) lets the control endpoint work on a
 * sandbox started on the wall clock too, which the BFF's tests rely on.
 */
export interface OffsetClock extends Clock {
  advance(ms: number): void;
  offset(): number;
  /**
   * Calls `listener` after each move; the returned function stops it. A process that embeds the
   * sandbox and keeps time by it (the console's scheduler in the demo) looks again at once.
   */
  onMove(listener: () => void): () => void;
}

export function offsetClock(base: Clock): OffsetClock {
  let offset = 0;
  const listeners = new Set<() => void>();
  return {
    now: () => base.now() + offset,
    advance(ms) {
      offset += ms;
      for (const listener of listeners) listener();
    },
    offset: () => offset,
    onMove(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** RFC 3339 text of a Unix-millisecond time, as the service writes timestamps. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
