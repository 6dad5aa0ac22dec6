import type { z } from 'zod';
import { accessRoutes } from './api-contract-access';
import { batchesRoutes } from './api-contract-batches';
import { policyRoutes } from './api-contract-policy';
import { recordsRoutes } from './api-contract-records';
import { schedulesRoutes } from './api-contract-schedules';
import { sendsRoutes } from './api-contract-sends';
import { watchRoutes } from './api-contract-watch';
import type { ApiRoute, RouteSpec } from './api-route-spec';
import { API_ROUTES, type ApiRouteName } from './api-routes';
import { ConsoleProblemSchema } from './problem';

/*
 * The contract between the browser and the BFF: every `/api/…` route, its request and its
 * answers, described once. The BFF's route table is held to it by a test (a route without an
 * entry, or an entry without a route, fails), the BFF's route tests parse every answer with it,
 * and the SPA's one API module parses every answer with it (apps/web/src/lib/api.ts).
 */

/** Each route's spec with its method and path, and the one problem shape. */
function contract<const Specs extends { [N in ApiRouteName]: RouteSpec }>(
  specs: Specs & { [Extra in Exclude<keyof Specs, ApiRouteName>]: never },
) {
  const out: Record<string, ApiRoute> = {};
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    out[name] = { ...API_ROUTES[name], ...specs[name], problem: ConsoleProblemSchema };
  }
  return out as unknown as {
    [N in ApiRouteName]: (typeof API_ROUTES)[N] &
      Specs[N] & { problem: typeof ConsoleProblemSchema };
  };
}

/**
 * Every route of the BFF's API, by a name the SPA calls it by (its method and path are in
 * api-routes.ts; a route missing from either does not compile). Each group's routes are in
 * `api-contract-<group>.ts`.
 *
 * @example
 * apiContract.getJournalEntry.path; // '/api/journal/:id'
 * apiContract.getJournalEntry.responses[200].parse(body); // a JournalEntry, or a ZodError
 */
export const apiContract = contract({
  ...accessRoutes,
  ...sendsRoutes,
  ...policyRoutes,
  ...watchRoutes,
  ...recordsRoutes,
  ...batchesRoutes,
  ...schedulesRoutes,
});

export type ApiContract = typeof apiContract;
export { API_ROUTES, type ApiMethod, type ApiRouteName } from './api-routes';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a route answers on success: the union of its declared bodies (`undefined` for a 204). */
export type ApiAnswer<N extends ApiRouteName> = {
  [Status in keyof ApiContract[N]['responses']]: Infer<ApiContract[N]['responses'][Status]>;
}[keyof ApiContract[N]['responses']];

type Part<R, K extends string> = R extends { [P in K]: infer S }
  ? S extends z.ZodType
    ? { [P in K]: z.input<S> }
    : object
  : object;

/** What a call of a route needs: its path parameters, query and body, each where it has one. */
export type ApiInput<N extends ApiRouteName> = Part<ApiContract[N], 'params'> &
  Part<ApiContract[N], 'query'> &
  Part<ApiContract[N], 'body'>;
