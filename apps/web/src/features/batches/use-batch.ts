import type { Batch, BatchRowState } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { BATCHES_KEY, getBatch, listBatchRows } from '@/lib/api';
import { liveInterval } from '@/lib/live-interval';
import { isLiveBatch } from './batch-words';

const versionOf = (batch: Pick<Batch, 'updated_at' | 'state' | 'counts'>) =>
  `${batch.state} ${batch.updated_at} ${Object.values(batch.counts).join(',')}`;

/** Rows a page of a batch shows; the BFF pages them. */
export const BATCH_ROWS_PAGE = 50;

export const batchKey = (id: string) => [...BATCHES_KEY, 'batch', id] as const;
export const batchRowsKey = (id: string) => [...BATCHES_KEY, 'rows', id] as const;

/**
 * One batch, kept current while rows may still leave or settle, as a live record is: read again
 * quickly at first, backing off to a read every five seconds, and no more once it is final. The
 * service's stream does not carry batches, so this is its own poll, in the background (an
 * unattended page does not keep the session alive).
 */
export function useBatch(id: string) {
  return useQuery({
    queryKey: batchKey(id),
    queryFn: () => getBatch(id, { background: true }),
    refetchInterval: (q) =>
      liveInterval(
        q.state.dataUpdateCount,
        q.state.data ? !isLiveBatch(q.state.data) : false,
        1000,
        5000,
      ),
  });
}

/**
 * A page of the batch's rows. `version` is what the batch's read says of its progress (its state,
 * its counts per state, its last change): when that moves, the page is read again under a new
 * key, keeping the rows shown meanwhile; while nothing moves, the rows are not read again.
 */
export function useBatchRows(
  batch: Pick<Batch, 'id' | 'updated_at' | 'state' | 'counts'>,
  page: number,
  q: string,
  state: BatchRowState | '',
) {
  return useQuery({
    queryKey: [...batchRowsKey(batch.id), { page, q, state, version: versionOf(batch) }],
    queryFn: () =>
      listBatchRows(
        batch.id,
        {
          offset: page * BATCH_ROWS_PAGE,
          limit: BATCH_ROWS_PAGE,
          q: q.trim() || undefined,
          state: state || undefined,
        },
        { background: true },
      ),
    placeholderData: (previous) => previous,
  });
}
