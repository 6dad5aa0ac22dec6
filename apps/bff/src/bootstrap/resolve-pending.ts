import { randomUUID } from 'node:crypto';
import type { JournalEntry } from '@console/schemas';
import type { Logger } from '../logger';
import type { DispatchDeps } from '../send/dispatch';
import { resolveEntry } from '../send/resolve';

/**
 * Resolves entries a previous process left SENDING (it died between the journal write and the
 * answer), as `resolveEntry` does: by reading the record back where the service offers a read,
 * else by sending the same stored bytes with the same ref_id, a matching `409 already-exists`
 * counting as success. An Update Fiat Account is never sent again blindly. None is left SENDING
 * and no new ref_id is minted. Runs once at start, before any operator can send (one BFF per
 * database).
 */
export async function resolvePending(deps: DispatchDeps, logger: Logger): Promise<JournalEntry[]> {
  const pending = await deps.journal.listSending();
  const resolved: JournalEntry[] = [];
  for (const entry of pending) {
    const requestId = randomUUID();
    try {
      const { entry: after, readBack } = await resolveEntry(deps, entry, requestId);
      resolved.push(after);
      logger.info(
        {
          request_id: requestId,
          journal_id: entry.id,
          operation: entry.operation,
          ref_id: entry.ref_id,
          state: after.state,
          ...(readBack ? { read_back: readBack } : {}),
        },
        'resolved an entry left SENDING',
      );
    } catch (error) {
      logger.error({ journal_id: entry.id, err: error }, 'could not resolve an entry left SENDING');
    }
  }
  return resolved;
}
