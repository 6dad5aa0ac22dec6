import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx will not change by asking again; a network blip might.
      retry: (count, error) =>
        count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
    // Sends are never retried automatically: a retry is the operator's decision, through the journal.
    mutations: { retry: false },
  },
});
