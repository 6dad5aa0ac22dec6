import type { ApprovalRequirement, JournalEntry } from '@console/schemas';
import type { JournalOutcome, JournalStore } from '../journal/journal-store';
import {
  existingMatchesIntent,
  existingRecord,
  isAlreadyExists,
  type UpstreamClient,
  type UpstreamOutcome,
} from '../upstream/client';
import { ServiceBudgetError } from '../upstream/service-budget';
import { bodyFields, pathParamsOf, sendableOperation } from './operation-table';
import { canReadBack, readBack } from './read-back';

/** What sending needs. */
export interface DispatchDeps {
  journal: JournalStore;
  client: UpstreamClient;
  /** Per attempt; Create Order adds its `await_fill_millis`. */
  timeoutMs: number;
  /** Aborted at shutdown: waiting stops and the entry becomes UNKNOWN, never stays SENDING. */
  signal?: AbortSignal;
  /** Told of every send once its outcome is recorded (metrics): operation, state, seconds. */
  observe?: (report: { operation: string; state: string; seconds: number }) => void;
}

/** An entry after its send, and the service's data when it succeeded. */
export interface Dispatched {
  entry: JournalEntry;
  data?: unknown;
  /** Set when nothing was sent (no token, or no room in the service budget): why. */
  notSent?: string;
  /** Set when nothing was sent for want of room in the service budget: when it has room again. */
  retryAfterMs?: number;
  /** Set when the policy holds the send for approval: nothing was sent, it waits. */
  approval?: ApprovalRequirement;
}

function awaitFillMillis(entry: JournalEntry): number {
  if (entry.operation !== 'createOrder') return 0;
  try {
    const wait = (JSON.parse(entry.request_body) as { await_fill_millis?: unknown })
      .await_fill_millis;
    return typeof wait === 'number' && wait > 0 ? wait : 0;
  } catch {
    return 0;
  }
}

/**
 * What an outcome means for the journal. A `409 already-exists` is a success only when an earlier
 * attempt may have reached the service (a retry, or resolving an entry whose answer was lost)
 * and `meta.existing` is the very intent; otherwise someone else's record holds that ref_id.
 * A 5xx that survived the retries does not say whether the service acted: UNKNOWN.
 */
export function classify(
  entry: JournalEntry,
  outcome: UpstreamOutcome,
  resolving: boolean,
): { outcome: JournalOutcome; data?: unknown } {
  if (outcome.kind === 'no-answer') {
    const result: JournalOutcome = {
      state: 'UNKNOWN',
      attempts: outcome.attempts,
      response_status: null,
      response: null,
      error: outcome.error,
    };
    return { outcome: result };
  }
  const base = {
    attempts: outcome.attempts,
    response_status: outcome.status,
    response_text: outcome.text,
    error: null,
  };
  if (outcome.status >= 200 && outcome.status < 300) {
    return { outcome: { ...base, state: 'SUCCEEDED', response: outcome.body }, data: outcome.body };
  }
  if (isAlreadyExists(outcome) && (outcome.retried || resolving)) {
    const existing = existingRecord(outcome);
    const operation = sendableOperation(entry.operation);
    const intent = bodyFields(entry.request_body);
    const params = operation ? pathParamsOf(operation.path, entry.request_path) : {};
    if (existing && existingMatchesIntent(intent, params, existing)) {
      return {
        outcome: { ...base, state: 'SUCCEEDED', response: existing, response_text: undefined },
        data: existing,
      };
    }
  }
  // A 5xx or a 429 that outlasted the retries says "not now", not "no": an earlier attempt may
  // have been carried out, so only a read-back or a resend with the same ref_id can tell (ADR 004).
  if (outcome.status >= 500 || outcome.status === 429) {
    return {
      outcome: {
        ...base,
        state: 'UNKNOWN',
        response: outcome.body,
        error: `the service answered ${outcome.status}`,
      },
    };
  }
  return { outcome: { ...base, state: 'REJECTED', response: outcome.body } };
}

function mayEchoEarlierAttempt(
  entry: JournalEntry,
  outcome: UpstreamOutcome,
  result: JournalOutcome,
): boolean {
  return (
    result.state === 'REJECTED' &&
    outcome.kind === 'answered' &&
    outcome.retried &&
    outcome.status !== 409 &&
    canReadBack(entry.operation)
  );
}

/**
 * Sends a journaled entry that is in SENDING: the stored bytes to the stored path, with the
 * operation's scope, and records the outcome. Never builds a new body and never mints a ref_id.
 */
export async function dispatch(
  deps: DispatchDeps,
  entry: JournalEntry,
  options: { resolving: boolean; requestId: string },
): Promise<Dispatched> {
  const operation = sendableOperation(entry.operation);
  if (!operation) throw new Error(`Journal entry ${entry.id} names an unknown operation`);
  const started = performance.now();
  const observed = (recorded: JournalEntry) => {
    const seconds = (performance.now() - started) / 1000;
    deps.observe?.({ operation: operation.id, state: recorded.state, seconds });
    return recorded;
  };
  let outcome: UpstreamOutcome;
  try {
    outcome = await deps.client.send({
      method: entry.method,
      path: entry.request_path,
      body: entry.request_body,
      scope: operation.scope,
      timeoutMs: deps.timeoutMs + awaitFillMillis(entry),
      requestId: options.requestId,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
  } catch (error) {
    // The client throws only when nothing was sent (no token, or the service budget had no
    // room): this attempt did nothing. A first send is then REJECTED (nothing happened); a
    // resend stays UNKNOWN, since an earlier attempt may have reached the service, and is
    // looked at again later. Nothing sent says nothing of an entry that another look settled
    // meanwhile: no late path.
    const notSent = `not sent: ${(error as Error).message}`;
    const recorded = await deps.journal.recordOutcome(entry.id, {
      state: options.resolving ? 'UNKNOWN' : 'REJECTED',
      attempts: 0,
      response_status: null,
      response: null,
      error: notSent,
    });
    const later = error instanceof ServiceBudgetError ? { retryAfterMs: error.retryAfterMs } : {};
    return { entry: observed(recorded ?? entry), notSent, ...later };
  }
  let { outcome: result, data } = classify(entry, outcome, options.resolving);
  if (mayEchoEarlierAttempt(entry, outcome, result)) {
    // A refusal of a retry may be the echo of an earlier attempt that did it (a second cancel of
    // an order the first one cancelled answers 403): the record says which.
    const read = await readBack(deps, entry, options.requestId);
    if (read.kind === 'found') {
      result = { ...result, state: 'SUCCEEDED', response: read.record };
      data = read.record;
    }
  }
  const recorded = observed(await record(deps.journal, entry, result));
  // A DUPLICATE answers like the success it repeats: the service holds the intent once.
  const done = recorded.state === 'SUCCEEDED' || recorded.state === 'DUPLICATE';
  return { entry: recorded, ...(done ? { data: dataOf(recorded, result, data) } : {}) };
}

/**
 * The data to answer with: this send's, unless the entry holds another outcome (a second one
 * that did not land): then what the entry holds.
 */
export function dataOf(recorded: JournalEntry, outcome: JournalOutcome, data: unknown): unknown {
  const landed = recorded.state === outcome.state || recorded.state === 'DUPLICATE';
  return landed ? data : recorded.response;
}

/**
 * Records an outcome, and when the entry has one already (another process took it over and
 * settled it, or holds it now) hands it to `recordLateOutcome`: the same outcome again is
 * nothing new, one at odds with it is kept and counted for operators. Never throws for that:
 * the operator gets the entry as it is.
 */
export async function record(
  journal: JournalStore,
  entry: JournalEntry,
  outcome: JournalOutcome,
): Promise<JournalEntry> {
  return (
    (await journal.recordOutcome(entry.id, outcome)) ??
    (await journal.recordLateOutcome(entry.id, outcome)) ??
    entry
  );
}
