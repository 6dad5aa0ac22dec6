import type {
  AwaitingApprovalResult,
  ConsoleProblem,
  WriteOperationId,
  SendResult,
} from '@console/schemas';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError, networkProblem } from '@/lib/api-error';
import { isAwaitingApproval, retryJournalEntry, sendOperation } from '@/lib/api';

export type Outcome =
  | { kind: 'success'; result: SendResult; input: Record<string, unknown> | null }
  | { kind: 'awaiting'; result: AwaitingApprovalResult; input: Record<string, unknown> | null }
  | { kind: 'problem'; problem: ConsoleProblem; input: Record<string, unknown> | null };

export interface Sending {
  /** How long the service may hold the answer (an order waiting for its fill). */
  waitMillis?: number | undefined;
}

/**
 * Sends an operation, or retries its journal entry, at most one at a time. The ref guard closes
 * the gap between a click and the re-render that disables the button: no double send.
 */
export function useSend(operation: WriteOperationId, title: string) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [sending, setSending] = useState<Sending | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = useCallback(
    async (
      action: () => Promise<SendResult | AwaitingApprovalResult>,
      input: Record<string, unknown> | null,
      waitMillis?: number,
    ): Promise<Outcome | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setSending({ waitMillis });
      setOutcome(null);
      let next: Outcome;
      try {
        const result = await action();
        if (isAwaitingApproval(result)) {
          next = { kind: 'awaiting', result, input };
          notifications.show({
            color: 'yellow',
            title: `${title}: awaiting approval`,
            message: 'Nothing was sent yet: another operator must approve it.',
          });
        } else {
          next = { kind: 'success', result, input };
          notifications.show({
            color: 'teal',
            title: `${title}: done`,
            message: 'The service accepted it.',
          });
        }
      } catch (error) {
        const problem = isApiError(error) ? error.problem : networkProblem(String(error));
        next = { kind: 'problem', problem, input };
      } finally {
        inFlight.current = false;
        setSending(null);
        // Whatever happened, the journal (and maybe the orders list) changed.
        void queryClient.invalidateQueries({ queryKey: ['journal'] });
        void queryClient.invalidateQueries({ queryKey: ['svc'] });
        void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      }
      setOutcome(next);
      return next;
    },
    [queryClient, title],
  );

  const send = useCallback(
    (input: Record<string, unknown>) => {
      const wait =
        typeof input.await_fill_millis === 'number' ? input.await_fill_millis : undefined;
      return run(() => sendOperation(operation, input), input, wait);
    },
    [operation, run],
  );

  const retry = useCallback(
    (journalId: string, input: Record<string, unknown> | null) =>
      run(() => retryJournalEntry(journalId), input),
    [run],
  );

  return { send, retry, sending, outcome, inFlight };
}
