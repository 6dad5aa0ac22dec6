/**
 * Interleaved rounds of load against several targets, compared by their medians: a burst of noise
 * from the shared machine lands on every target alike, so the ratios between them hold.
 */
import type { BenchContext } from '../lib/figure';
import { formatMs, median, round } from '../lib/stats';
import { describeFailures, runLoad, type LoadResult } from './load';

export interface Target<Name extends string = string> {
  name: Name;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** CPU milliseconds used so far by the processes that serve it (not the sandbox's). */
  cpuMs?: () => number;
}

export interface RoundsOptions {
  connections: number;
  warmupSeconds: number;
  runSeconds: number;
  rounds: number;
}

export interface TargetSummary {
  p50: number;
  p99: number;
  rps: number;
  ok: number;
  /** '' when every response was 2xx. */
  failures: string;
  /** CPU of the serving processes per 2xx response, ms (median of the rounds); NaN unknown. */
  cpuPerRequestMs: number;
}

function load(target: Target, options: RoundsOptions, seconds: number): Promise<LoadResult> {
  return runLoad({
    url: target.url,
    connections: options.connections,
    duration: seconds,
    method: target.method,
    headers: target.headers,
    ...(target.body !== undefined ? { body: target.body } : {}),
    requests: [{}],
  });
}

/** Warms every target up, then runs `rounds` rounds over all of them; the medians per target. */
export async function runRounds<Name extends string>(
  ctx: BenchContext,
  targets: Target<Name>[],
  options: RoundsOptions,
  reset: () => Promise<void>,
): Promise<Record<Name, TargetSummary>> {
  for (const target of targets) {
    ctx.log(`  warm-up ${target.name}`);
    await load(target, options, options.warmupSeconds);
    await reset();
  }
  const runs = new Map<Name, (LoadResult & { cpuPerRequestMs: number })[]>(
    targets.map((t) => [t.name, []]),
  );
  for (let r = 1; r <= options.rounds; r++) {
    for (const target of targets) {
      const cpuBefore = target.cpuMs?.() ?? Number.NaN;
      const result = await load(target, options, options.runSeconds);
      const cpuPerRequestMs = ((target.cpuMs?.() ?? Number.NaN) - cpuBefore) / result.ok;
      ctx.log(
        `  round ${r} ${target.name}: p50 ${formatMs(result.p50)} p99 ${formatMs(result.p99)} ${result.rps.toFixed(0)} req/s${Number.isFinite(cpuPerRequestMs) ? `, CPU ${formatMs(cpuPerRequestMs)}/request` : ''}`,
      );
      runs.get(target.name)!.push({ ...result, cpuPerRequestMs });
      // The sandbox keeps every request in its log: emptied so that later runs do not pay for it.
      await reset();
    }
  }
  const out = {} as Record<Name, TargetSummary>;
  for (const [name, list] of runs) {
    out[name] = {
      p50: round(median(list.map((x) => x.p50))),
      p99: round(median(list.map((x) => x.p99))),
      rps: round(median(list.map((x) => x.rps))),
      ok: list.reduce((sum, x) => sum + x.ok, 0),
      cpuPerRequestMs: round(median(list.map((x) => x.cpuPerRequestMs))),
      failures: describeFailures({
        failed: Object.assign({}, ...list.map((x) => x.failed)) as Record<string, number>,
        errors: list.reduce((sum, x) => sum + x.errors, 0),
      }),
    };
  }
  return out;
}
