import type {
  AwaitingApprovalResult,
  ConsoleProblem,
  SendResult,
  WriteOperationId,
} from '@console/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isAwaitingApproval, sendOperation } from '@/lib/api';
import { isApiError, networkProblem } from '@/lib/api-error';

/** What a write from a record's page led to: sent, held for approval, or refused. */
export type WriteOutcome =
  { kind: 'sent'; result: SendResult } | { kind: 'awaiting'; result: AwaitingApprovalResult };

/**
 * A write sent from a record's page (cancel, delete) through TanStack Query's `useMutation`:
 * `POST /api/operations/{id}`, journaled and under the approval policy like every send. At most
 * one at a time: a ref closes the gap between a click and the re-render that disables the button.
 * Whatever the outcome, the reads of the service, the journal and the approvals are read again.
 */
export function useWrite(operation: WriteOperationId) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation<WriteOutcome, ConsoleProblem, Record<string, unknown>>({
    mutationFn: async (input) => {
      try {
        const result = await sendOperation(operation, input);
        return isAwaitingApproval(result) ? { kind: 'awaiting', result } : { kind: 'sent', result };
      } catch (error) {
        throw isApiError(error) ? error.problem : networkProblem(String(error));
      }
    },
    onSettled: async () => {
      inFlight.current = false;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['svc'] }),
        queryClient.invalidateQueries({ queryKey: ['journal'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]);
    },
  });
  const send = (input: Record<string, unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input);
  };
  return { ...mutation, send };
}
