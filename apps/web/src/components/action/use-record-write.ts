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
export function useWrite(
  operation: WriteOperationId,
  /**
   * Called with the outcome as soon as it is known, even when the button that sent it is gone by
   * then (a cancelled order offers no Cancel): the page that shows what happened hears of it.
   */
  onOutcome?: (outcome: WriteOutcome) => void,
) {
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
    onSuccess: (outcome) => onOutcome?.(outcome),
    onSettled: () => {
      inFlight.current = false;
      // Not awaited: the outcome shows at once, the pages catch up as their reads come back.
      for (const key of ['svc', 'journal', 'approvals']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
  const send = (input: Record<string, unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input);
  };
  return { ...mutation, send };
}
