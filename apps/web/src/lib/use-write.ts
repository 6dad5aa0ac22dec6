import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * A write to the BFF: TanStack Query's mutation, which holds its pending, answer and error
 * state, with two rules of the console on top.
 *
 * - Never retried on its own: a write sent again blindly could be a second intent. A retry is
 *   the operator's decision, through the journal, with the same ref_id and bytes.
 * - One at a time: `run` refuses a call while one is in flight (answering null), which the
 *   mutation's pending state cannot do alone: it reaches the button one render after the click.
 *
 * @example
 * const approve = useWrite({ mutationFn: (id: string) => approveRequest(id) });
 * const answer = await approve.run(id); // null when a call was already in flight
 */
export function useWrite<Data, Variables = void, Failure = unknown>(
  options: Omit<UseMutationOptions<Data, Failure, Variables>, 'retry'>,
) {
  const mutation = useMutation<Data, Failure, Variables>({ ...options, retry: false });
  const inFlight = useRef(false);
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (variables: Variables): Promise<{ data: Data } | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      try {
        return { data: await mutateAsync(variables) };
      } finally {
        inFlight.current = false;
      }
    },
    [mutateAsync],
  );
  return { ...mutation, run };
}
