/**
 * Load through autocannon, with our own latency record: autocannon's histogram keeps whole
 * milliseconds, too coarse for loopback latencies of a few ms, so every 2xx response time is
 * kept (runs are bounded, so the arrays are too) and percentiles are taken from it.
 */
import autocannon from 'autocannon';
import { percentile } from '../lib/stats';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds; ignored when `amount` is given. */
  duration?: number;
  /** Total requests, then stop. */
  amount?: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadResult {
  /** Responses with a 2xx status. */
  ok: number;
  /** Responses with any other status, by status. */
  failed: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
  /** The first socket error's message, to say what went wrong. */
  firstError?: string;
  p50: number;
  p99: number;
  /** 2xx responses per second of the run. */
  rps: number;
  seconds: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const failed: Record<string, number> = {};
  let firstError: string | undefined;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        // A hung request must not hang the bench: it counts as an error after 10 s.
        timeout: 10,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 5 }),
        requests: options.requests,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.method ? { method: options.method } : {}),
        ...(options.body ? { body: options.body } : {}),
      },
      (error: unknown, done: autocannon.Result) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) times.push(responseTime);
      else failed[status] = (failed[status] ?? 0) + 1;
    });
    instance.on('reqError', (error: Error) => {
      firstError ??= error.message;
    });
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    ok: times.length,
    failed,
    // autocannon counts a timeout both as a timeout and as an error.
    errors: result.errors,
    ...(firstError ? { firstError } : {}),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / seconds,
    seconds,
  };
}

/** "3 × 401, 1 error": what went wrong in a run, for the table's note. */
export function describeFailures(
  result: Pick<LoadResult, 'failed' | 'errors' | 'firstError'>,
): string {
  const parts = Object.entries(result.failed).map(([status, count]) => `${count} × ${status}`);
  if (result.errors) parts.push(`${result.errors} socket errors (${result.firstError ?? '?'})`);
  return parts.join(', ');
}
