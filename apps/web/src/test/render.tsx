import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders with the providers every page has: theme, queries (no retries), and a data router as
 * the app has (the unsaved-changes guard blocks navigation through it).
 */
export function renderWithProviders(ui: ReactNode, path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, client, router };
}

/** A fetch answer as the BFF would give it. */
export function jsonResponse(status: number, body: unknown, type = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}

/**
 * A fetch for a form's tests: the review's own reads, what sending would do (the BFF's preview:
 * at once, no approval), the operator's limits (none) and the lists that name picked records
 * (empty), are answered here, so
 * that `next` sees only the sends and retries a test is about.
 */
export function withReviewReads(next: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    if (url.endsWith('/preview')) {
      return jsonResponse(200, {
        approval: null,
        refusal: null,
        destination: null,
        limits: [],
        policy_version: null,
      });
    }
    if (url === '/api/limits') return jsonResponse(200, { items: [] });
    // The policy asks for the book of allowed destinations nowhere, unless a test says otherwise.
    if (url.startsWith('/api/destinations/rule')) {
      return jsonResponse(200, { required: false, test_amount: null });
    }
    if (url.startsWith('/api/svc/')) return jsonResponse(200, { data: { items: [] } });
    return next(input, init);
  };
}
