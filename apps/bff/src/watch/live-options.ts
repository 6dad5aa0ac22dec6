/** The live stream's timings and cap (issue 35, ADR 021). */
export interface LiveOptions {
  /**
   * A comment line on an idle stream this often (proxies close idle connections after 30 to 60
   * s), and a look at the session: the one look that catches a role changed in the users file
   * (an ended session is seen at once, `routes/stream-routes.ts`).
   */
  heartbeatMs: number;
  /** Each process looks at the newest change this often, besides the database's notices. */
  pollMs: number;
  /** Streams one session may hold at once: a few tabs, not a loop that opens them. */
  maxStreamsPerSession: number;
}

export const liveDefaults: LiveOptions = {
  heartbeatMs: 15_000,
  pollMs: 1_000,
  maxStreamsPerSession: 4,
};
