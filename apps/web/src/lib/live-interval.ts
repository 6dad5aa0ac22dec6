/**
 * How long to wait before reading a live record again: quick at first, when an order is most
 * likely to change, then backing off by half each time up to a ceiling, so a record that rests
 * for hours costs a read every ten seconds, not every second. `false` once the record is final.
 *
 * @example
 * refetchInterval: (q) => liveInterval(q.state.dataUpdateCount, isFinal(q.state.data))
 */
export function liveInterval(reads: number, final: boolean, first = 1000, ceiling = 10_000) {
  if (final) return false as const;
  return Math.min(ceiling, Math.round(first * 1.5 ** Math.max(0, reads - 1)));
}
