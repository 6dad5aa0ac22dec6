import type { OperationId, SessionInfo } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSession, signOut } from './api';
import { useWrite } from './use-write';

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

/**
 * Sign out: the server session ends, then nothing private stays in memory for the back button
 * to show, and the console knows nobody is signed in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const { run, isPending } = useWrite({ mutationFn: signOut });
  const leave = useCallback(async () => {
    try {
      await run();
    } catch {
      // Signed out here either way; the server session ends on its own timeout.
    }
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
  }, [run, queryClient]);
  return { leave, leaving: isPending };
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
