/**
 * What one send to the service came to. `answered`: the service sent an HTTP answer (any status),
 * so the journal can say SUCCEEDED or REJECTED. `no-answer`: no HTTP answer after every attempt
 * (timeout, reset, refused), so whether the service acted is unknown: the journal says UNKNOWN and
 * the entry is resolved later by sending the same intent with the same `ref_id`.
 */
export type UpstreamOutcome =
  | {
      kind: 'answered';
      status: number;
      /** The parsed JSON body, the text when it is not JSON, or null when empty. */
      body: unknown;
      /** The body's text as it came (what the journal keeps, whatever it holds). */
      text?: string;
      /** HTTP requests made, the first included. */
      attempts: number;
      /** True when more than one request was made: an earlier one may have reached the service. */
      retried: boolean;
      /** The service's `Retry-After` on a 429 or 503 that was not retried, in milliseconds. */
      retryAfterMs?: number;
    }
  | {
      kind: 'no-answer';
      /** Why, worded for the journal: `timeout after 10000 ms`, `connection reset`, … */
      error: string;
      attempts: number;
    };
