/**
 * The clock occurrences fall due by (issue 63, ADR 034 "Later"). Against a real service it is the
 * system's; against the embedded sandbox (the demo, the e2e) it is the sandbox's, which
 * `POST /sandbox/clock` moves, so that a person or a test can bring next week's occurrence due
 * now and see it sent, and the service records it at the time it believes it is. One seam: the
 * scheduler and the schedule pages' "next" read this clock, and a move wakes the scheduler.
 */
export interface ScheduleClock {
  /** Unix milliseconds. */
  now(): number;
  /** Calls `listener` after each move of the clock; the returned function stops it. */
  onMove?(listener: () => void): () => void;
}

/** The system's clock, which nobody moves. */
export const systemScheduleClock: ScheduleClock = { now: () => Date.now() };
