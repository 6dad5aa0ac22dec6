/**
 * Small statistics for noisy machines: medians of repeated runs rather than means, because one
 * run disturbed by another engineer's build should not move the figure.
 */

/** The value below which `p` percent of `values` fall (nearest rank on a sorted copy). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Milliseconds elapsed since `start` (a `performance.now()` reading). */
export function since(start: number): number {
  return performance.now() - start;
}

/** Formats milliseconds for the table: three significant digits, sub-millisecond in µs. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} µs`;
  if (ms >= 1000) return `${(ms / 1000).toPrecision(3)} s`;
  return `${ms.toPrecision(3)} ms`;
}

export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a';
}

export function formatKiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Rounds for results.json: enough digits to compare runs, not float noise. */
export function round(value: number, digits = 4): number {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : value;
}
