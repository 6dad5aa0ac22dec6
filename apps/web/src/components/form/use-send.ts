import type {
  AwaitingApprovalResult,
  ConsoleProblem,
  WriteOperationId,
  SendResult,
} from '@console/schemas';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isApiError, networkProblem } from '@/lib/api-error';
import { isAwaitingApproval, retryJournalEntry, sendOperation } from '@/lib/api';
import { useWrite } from '@/lib/use-write';
import { BOOK_KEY } from '@/lib/use-destination-book';

export type Outcome =
  | { kind: 'success'; result: SendResult; input: Record<string, unknown> | null }
  | { kind: 'awaiting'; result: AwaitingApprovalResult; input: Record<string, unknown> | null }
  | { kind: 'problem'; problem: ConsoleProblem; input: Record<string, unknown> | null };

export interface Sending {
  /** How long the service may hold the answer (an order waiting for its fill). */
  waitMillis?: number | undefined;
}

/** A new send of the form's input, or the retry of its journal entry (same bytes, same ref_id). */
type Attempt =
  | { kind: 'send'; input: Record<string, unknown>; waitMillis: number | undefined }
  | { kind: 'retry'; journalId: string; input: Record<string, unknown> | null };

function outcomeOf(
  answer: SendResult | AwaitingApprovalResult,
  input: Record<string, unknown> | null,
): Outcome {
  return isAwaitingApproval(answer)
    ? { kind: 'awaiting', result: answer, input }
    : { kind: 'success', result: answer, input };
}

const problemOf = (error: unknown): ConsoleProblem =>
  isApiError(error) ? error.problem : networkProblem(String(error));

/**
 * Sends an operation, or retries its journal entry, at most one at a time, through a mutation
 * that is never retried on its own (`useWrite`): a retry is the journal's, never a new intent.
 */
export function useSend(operation: WriteOperationId, title: string) {
  const queryClient = useQueryClient();
  const write = useWrite({
    mutationFn: (attempt: Attempt) =>
      attempt.kind === 'send'
        ? sendOperation(operation, attempt.input)
        : retryJournalEntry(attempt.journalId),
    onSuccess: (answer) => {
      if (isAwaitingApproval(answer)) {
        notifications.show({
          color: 'yellow',
          title: `${title}: awaiting approval`,
          message: 'Nothing was sent yet: another operator must approve it.',
        });
      } else {
        notifications.show({
          color: 'teal',
          title: `${title}: done`,
          message: 'The service accepted it.',
        });
      }
    },
    onSettled: () => {
      // Whatever happened, the journal (and maybe the orders list) changed.
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      void queryClient.invalidateQueries({ queryKey: ['svc'] });
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      // A send may be the first to an entry of the book: its next form suggests no test amount.
      void queryClient.invalidateQueries({ queryKey: BOOK_KEY });
    },
  });
  const { run, isPending, data, error, variables } = write;

  const attempt = useCallback(
    async (next: Attempt): Promise<Outcome | null> => {
      try {
        const answer = await run(next);
        return answer && outcomeOf(answer.data, next.input);
      } catch (failure) {
        return { kind: 'problem', problem: problemOf(failure), input: next.input };
      }
    },
    [run],
  );

  const send = useCallback(
    (input: Record<string, unknown>) =>
      attempt({
        kind: 'send',
        input,
        waitMillis:
          typeof input.await_fill_millis === 'number' ? input.await_fill_millis : undefined,
      }),
    [attempt],
  );

  const retry = useCallback(
    (journalId: string, input: Record<string, unknown> | null) =>
      attempt({ kind: 'retry', journalId, input }),
    [attempt],
  );

  // One object per answer: the form reacts to a new outcome, not to every render.
  const outcome = useMemo((): Outcome | null => {
    if (!variables || isPending) return null;
    if (data) return outcomeOf(data, variables.input);
    if (error) return { kind: 'problem', problem: problemOf(error), input: variables.input };
    return null;
  }, [data, error, variables, isPending]);

  const sending: Sending | null = isPending
    ? { waitMillis: variables?.kind === 'send' ? variables.waitMillis : undefined }
    : null;

  return { send, retry, sending, outcome };
}
