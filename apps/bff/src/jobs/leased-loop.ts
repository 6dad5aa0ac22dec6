/**
 * The periodic look of a job that works off a queue under its job lease (the audit trail's
 * sealer, the insights roller): one look at a time, the next due an interval after the last
 * ended, a failed look logged and the next one tried. The function returned stops it, waits for
 * a look under way and takes one last look, so a process stopped in order (after its requests
 * finished) leaves nothing it wrote waiting while it holds the lease.
 */
import type { Logger } from '../logger';

export interface LeasedLoopOptions {
  intervalMs: number;
  /** One look: takes (or renews) the lease and, holding it, works. */
  look: () => Promise<unknown>;
  logger: Logger;
  /** What failed, for the log: "audit seal", "insights roll". */
  what: string;
}

export function startLeasedLoop(options: LeasedLoopOptions): () => Promise<void> {
  const { intervalMs, look, logger, what } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const once = () => {
    running = look()
      .then(
        () => {},
        (error: unknown) => logger.warn({ err: error }, `${what} failed`),
      )
      .finally(() => {
        if (!stopped) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(once, intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await look().catch((error: unknown) =>
      logger.warn({ err: error }, `${what} at stop failed; the next holder does it`),
    );
  };
}
