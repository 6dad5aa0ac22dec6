import type {
  AwaitingApprovalResult,
  ConsoleProblem,
  SendResult,
  WriteOperationId,
} from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { isAwaitingApproval, sendOperation } from '@/lib/api';
import { isApiError, networkProblem } from '@/lib/api-error';
import { useWrite } from '@/lib/use-write';

/** What a write from a record's page led to: sent, held for approval, or refused. */
export type WriteOutcome =
  { kind: 'sent'; result: SendResult } | { kind: 'awaiting'; result: AwaitingApprovalResult };

/**
 * A write sent from a record's page (cancel, delete): `POST /api/operations/{id}`, journaled and
 * under the approval policy like every send, through the console's one write (`useWrite`: never
 * retried on its own, one at a time). Whatever the outcome, the reads of the service, the
 * journal and the approvals are read again.
 */
export function useRecordWrite(
  operation: WriteOperationId,
  /**
   * Called with the outcome as soon as it is known, even when the button that sent it is gone by
   * then (a cancelled order offers no Cancel): the page that shows what happened hears of it.
   */
  onOutcome?: (outcome: WriteOutcome) => void,
) {
  const queryClient = useQueryClient();
  const write = useWrite<WriteOutcome, Record<string, unknown>, ConsoleProblem>({
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
      // Not awaited: the outcome shows at once, the pages catch up as their reads come back.
      for (const key of ['svc', 'journal', 'approvals']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
  const send = (input: Record<string, unknown>) => {
    // A second call while one is in flight answers null: nothing goes out twice.
    write.run(input).catch(() => {
      // The mutation's error state says what went wrong.
    });
  };
  return { ...write, send };
}
