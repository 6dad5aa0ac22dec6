import { fillPath, operations, type ReadOperationId } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { readService, type ReadQuery } from './api';

/**
 * One record of the service, read through the console server by its registry read (and a query,
 * such as the details to include), under the query key every read of that path shares
 * (`['svc', path]`, then the query), so that the live stream and a send's
 * result refresh it with the others.
 */
/** What a read answers, as parsed. */
export type RecordOf<Id extends ReadOperationId> = z.output<(typeof operations)[Id]['response']>;

export function useServiceRecord<Id extends ReadOperationId>(
  id: Id,
  params: Readonly<Record<string, string>>,
  query?: ReadQuery,
) {
  const read = operations[id];
  const path = fillPath(read.path, params);
  return useQuery({
    queryKey: query ? ['svc', path, query] : ['svc', path],
    queryFn: () =>
      // The registry's type of `response` is a union over every read; this one is `Id`'s.
      readService(path, query ?? {}, read.response as unknown as z.ZodType<RecordOf<Id>>),
  });
}
