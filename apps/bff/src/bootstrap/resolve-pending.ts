import { randomUUID } from 'node:crypto';
import type { JournalEntry } from '@console/schemas';
import type { Logger } from '../logger';
import { dispatch, type DispatchDeps } from '../send/dispatch';

/**
 * Resolves entries a previous process left SENDING (it died between the journal write and the
 * answer): each is sent again, the same stored bytes with the same ref_id, and a
 * `409 already-exists` whose record matches counts as success. None is left SENDING and no new
 * ref_id is minted. Runs once at start, before any operator can send (one BFF per database).
 */
export async function resolvePending(deps: DispatchDeps, logger: Logger): Promise<JournalEntry[]> {
  const pending = await deps.journal.listSending();
  const resolved: JournalEntry[] = [];
  for (const entry of pending) {
    const requestId = randomUUID();
    try {
      const { entry: after } = await dispatch(deps, entry, { resolving: true, requestId });
      resolved.push(after);
      logger.info(
        {
          request_id: requestId,
          journal_id: entry.id,
          operation: entry.operation,
          ref_id: entry.ref_id,
          state: after.state,
        },
        'resolved an entry left SENDING',
      );
    } catch (error) {
      logger.error({ journal_id: entry.id, err: error }, 'could not resolve an entry left SENDING');
    }
  }
  return resolved;
}
