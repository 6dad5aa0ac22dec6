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

/**
 * Resolves a claimed entry. Where the operation's record can be read, it is read first: found,
 * the entry SUCCEEDED with what the service holds; found to be something else, REJECTED or, when
 * that settles nothing (a fiat account changed since), UNKNOWN with the reason; not found, the
 * same stored bytes are sent again when that is safe (a ref_id, or a delete), and never for Update
 * Fiat Account, which has no ref_id. Without a read, the stored bytes are sent again with their
 * ref_id, and a matching `409 already-exists` settles it.
 */
export async function resolveEntry(
  deps: DispatchDeps,
  entry: JournalEntry,
  requestId: string,
): Promise<Dispatched & { readBack?: string }> {
  if (!canReadBack(entry.operation)) {
    return dispatch(deps, entry, { resolving: true, requestId });
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
  if (mayResendByItself(entry, Date.now())) {
    const sent = await dispatch(deps, entry, { resolving: true, requestId });
    return { ...sent, readBack: result.kind };
  }
  const why = result.kind === 'absent' ? 'the record shows nothing of it' : result.reason;
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
