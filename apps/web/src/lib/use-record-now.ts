import type { JournalEntry } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { readService } from './api';
import { isApiError } from './api-error';
import { readBackOf, statusWhenSent } from './record-now';

/** A record's status as the service holds it now, as far as the console has read it. */
export interface RecordNow {
  /** The status the service answered the send with ("when sent"). */
  whenSent: string | undefined;
  /** Its status now; undefined while unread, or when there is nothing to read. */
  now: string | undefined;
  /** The service no longer has the record (a deleted account). */
  gone: boolean;
  /** Reading it failed: nothing is known of now. */
  failed: boolean;
  /** Whether a read is needed at all (a final status when sent cannot change). */
  reads: boolean;
  page: string | undefined;
}

/** How often a record that is not final yet is read again while it is shown. */
const AGAIN_MS = 20_000;

/**
 * The record a journaled send made or acted on, read back through the BFF's read proxy (the
 * registry says where: `record-now.ts`), so that what the service answered then and what it holds
 * now are both shown, each labelled. A status that was final when sent is not read again. Reads
 * are background requests (they keep no session alive) and stop once the record is final.
 */
export function useRecordNow(entry: JournalEntry): RecordNow {
  const back = readBackOf(entry);
  const whenSent = statusWhenSent(entry);
  const finalThen = whenSent !== undefined && back?.status.terminal.includes(whenSent);
  const reads = back !== undefined && !finalThen;
  const query = useQuery({
    queryKey: ['svc', back?.path, back?.query, 'now'],
    queryFn: async () => {
      try {
        const answer = await readService(back!.path, back!.query, back!.schema, {
          background: true,
        });
        return { record: back!.pick(answer) ?? null };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { record: null };
        throw error;
      }
    },
    enabled: reads,
    staleTime: 10_000,
    refetchInterval: (q) => {
      const status = q.state.data?.record?.status;
      const final = typeof status === 'string' && back?.status.terminal.includes(status);
      return final || q.state.data?.record === null ? false : AGAIN_MS;
    },
  });
  const record = query.data?.record;
  const status = record && typeof record.status === 'string' ? record.status : undefined;
  return {
    whenSent,
    now: reads ? status : undefined,
    gone: reads && query.data !== undefined && record === null,
    failed: reads && query.isError && !query.data,
    reads,
    page: back?.page,
  };
}
