import type { OperationId, SessionInfo } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { getSession } from './api';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in; `data` is null when nobody is. */
export function useSession() {
  return useQuery<SessionInfo | null>({
    queryKey: SESSION_KEY,
    queryFn: getSession,
    staleTime: 60_000,
    retry: false,
  });
}

/** Whether the signed-in operator's role may use an operation (the BFF checks again). */
export function useCan(operation: OperationId): boolean {
  const { data } = useSession();
  return data?.operations.includes(operation) ?? false;
}

/** A `next` target after sign-in: only a path of this site, never another origin. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/sign-in')) return '/';
  return next;
}
