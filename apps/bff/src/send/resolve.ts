/**
 * Settling a journal entry whose outcome is not known: left SENDING by a process that stopped, or
 * UNKNOWN after a send that got no answer. The caller has claimed the entry (it is SENDING and
 * this process holds its lease). One function, so that every process's resolver and an
 * operator's Resolve settle entries the same way.
 */
import type { JournalEntry } from '@console/schemas';
import type { JournalOutcome } from '../journal/journal-store';
import {
  dataOf,
  dispatch,
  record as recordOutcome,
  type DispatchDeps,
  type Dispatched,
} from './dispatch';
import { canReadBack, mayResendByItself, readBack, readBackPolicy } from './read-back';
import { lostAnswerOf } from './read-back-plans';

async function record(
  deps: DispatchDeps,
  entry: JournalEntry,
  outcome: Omit<JournalOutcome, 'attempts'>,
): Promise<Dispatched> {
  // A read sends nothing of the entry: its attempts stay as they were.
  const result = { ...outcome, attempts: 0 };
  const recorded = await recordOutcome(deps.journal, entry, result);
  // A DUPLICATE (another entry already holds this intent's success) answers like that success.
  const done = recorded.state === 'SUCCEEDED' || recorded.state === 'DUPLICATE';
  return { entry: recorded, ...(done ? { data: dataOf(recorded, result, outcome.response) } : {}) };
}

/** Who resolves, and what must hold before the stored bytes are sent again. */
export interface ResolveOptions {
  requestId: string;
  /**
   * The operator who asked (their retry is in the entry's history already), or null for the
   * console's resolver: then every resend is added to the history with the console as actor.
   */
  by: { username: string; display_name: string } | null;
  /**
   * Asked before the stored bytes are sent again: why they may not be (an entry that was
   * approved, whose approval ran out or no longer counts), or null. The approvals module gives
   * it; sending does not depend on approvals. Read-back may still settle the entry either way.
   */
  mayResend?: (entry: JournalEntry, requestId: string) => Promise<string | null>;
}

/**
 * Resolves a claimed entry. Where the operation's record can be read, it is read first: found,
 * the entry SUCCEEDED with what the service holds; found to be something else, REJECTED or, when
 * that settles nothing (a fiat account changed since), UNKNOWN with the reason; not found, the
 * same stored bytes are sent again when that is safe (a ref_id, or a delete) and `mayResend`
 * allows it, and never for Update Fiat Account, which has no ref_id. Without a read, the stored
 * bytes are sent again with their ref_id (again only as `mayResend` allows), and a matching
 * `409 already-exists` settles it.
 */
export async function resolveEntry(
  deps: DispatchDeps,
  entry: JournalEntry,
  options: ResolveOptions,
): Promise<Dispatched & { readBack?: string }> {
  const { requestId } = options;
  /** Sends the stored bytes again, or records why not (`read` says what reading found). */
  const resend = async (read?: string): Promise<Dispatched> => {
    const refused = (await options.mayResend?.(entry, requestId)) ?? null;
    if (refused !== null) {
      return record(deps, entry, {
        state: 'UNKNOWN',
        response_status: null,
        response: null,
        error: `${read ? `read back: ${read}; ` : ''}not sent again: ${refused}`,
      });
    }
    if (options.by === null) {
      await deps.journal.history.add({
        journalId: entry.id,
        kind: 'resent',
        actor: null,
        detail: read ? `read back: ${read}` : null,
        at: new Date(),
      });
    }
    return dispatch(deps, entry, { resolving: true, requestId });
  };

  if (!canReadBack(entry.operation)) {
    if (mayResendByItself(entry, Date.now())) return resend();
    const lost = lostAnswerOf(entry.operation);
    return record(deps, entry, {
      state: 'UNKNOWN',
      response_status: null,
      response: null,
      error: `not sent again: ${lost.settle === 'never' ? lost.why : 'an operator decides'}`,
    });
  }
  const policy = readBackPolicy(entry.operation);
  const result = await readBack(deps, entry, requestId);
  if (result.kind === 'found') {
    const done = await record(deps, entry, {
      state: 'SUCCEEDED',
      response_status: 200,
      response: result.record,
      error: null,
    });
    return { ...done, readBack: 'found' };
  }
  if (result.kind === 'differs') {
    const done = await record(deps, entry, {
      state: policy.whenDiffers,
      response_status: null,
      response: null,
      error: `read back: ${result.reason}`,
    });
    return { ...done, readBack: 'differs' };
  }
  const why = result.kind === 'absent' ? 'the record shows nothing of it' : result.reason;
  if (mayResendByItself(entry, Date.now())) {
    return { ...(await resend(why)), readBack: result.kind };
  }
  const because = policy.resendWhenAbsent
    ? 'not sent again: its reference id may since name another record at the service'
    : 'not sent again';
  const done = await record(deps, entry, {
    state: 'UNKNOWN',
    response_status: null,
    response: null,
    error: `read back: ${why}; ${because}`,
  });
  return { ...done, readBack: result.kind };
}
