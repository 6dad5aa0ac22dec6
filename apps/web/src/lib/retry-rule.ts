import { isRecord, problemCode, type ConsoleProblem, type JournalEntry } from '@console/schemas';

/**
 * The one rule of when the console offers to send a journaled request again (the same bytes, the
 * same reference id): only where doing so can succeed.
 *
 * - Outcome unknown: "Resolve" (read back, or the same bytes again, which the service never
 *   carries out twice).
 * - Refused for a passing reason: the service limited the rate (429), timed out (408, 425) or
 *   failed (5xx); or the profile lacked the funds (`insufficient-funds`), which it may hold by
 *   the time the operator retries: "Retry".
 * - Any other refusal (a field the service refuses, not found, not allowed, a conflict, an
 *   expired quote, too many decimals…) meets the same bytes the same way: nothing is offered;
 *   the operator corrects the request and sends a new one.
 * - Nothing journaled, or not refused: nothing to send again.
 */
export type RetryOffer = 'retry' | 'resolve' | null;

/** What the rule reads of a refusal: the journal's state, the HTTP status and problem code. */
export interface Refusal {
  state: string | undefined;
  /** The service's status when it answered, else the console's. */
  status: number | undefined;
  /** The problem's code: the last segment of the service's type, or the console's code. */
  code: string | undefined;
}

const PASSING_STATUSES = new Set([408, 425, 429]);
const PASSING_CODES = new Set(['insufficient-funds']);

export function retryOffer({ state, status, code }: Refusal): RetryOffer {
  if (state === 'UNKNOWN') return 'resolve';
  if (state !== 'REJECTED') return null;
  if (status !== undefined && (PASSING_STATUSES.has(status) || status >= 500)) return 'retry';
  return code !== undefined && PASSING_CODES.has(code) ? 'retry' : null;
}

/** The rule for a problem a send, a retry or an approval answered. */
export function retryOfProblem(problem: ConsoleProblem): RetryOffer {
  return retryOffer({
    state: problem.journal?.state,
    status: problem.upstream?.status ?? problem.status,
    code: problem.upstream ? problemCode(problem.upstream.type) : problem.code,
  });
}

/** The rule for a journal entry as its page shows it: its state and the answer it recorded. */
export function retryOfEntry(
  entry: Pick<JournalEntry, 'state' | 'response_status' | 'response'>,
): RetryOffer {
  const type = isRecord(entry.response) ? entry.response.type : undefined;
  return retryOffer({
    state: entry.state,
    status: entry.response_status ?? undefined,
    code: problemCode(typeof type === 'string' ? type : undefined),
  });
}
