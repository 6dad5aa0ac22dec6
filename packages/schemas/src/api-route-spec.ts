import { z } from 'zod';
import type { ApiMethod, ApiRouteName } from './api-routes';
import type { ConsoleProblemSchema } from './problem';

/*
 * What the contract says of one route (api-contract.ts assembles them): its shape, and the one
 * way each group of routes (`api-contract-*.ts`) writes its specs.
 */

/** One route of the BFF as the browser uses it. */
export interface ApiRoute {
  method: ApiMethod;
  /** As the BFF's route table names it: `:name` is a path parameter, `*` the rest of the path. */
  path: string;
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: z.ZodType;
  /** The answers by status; `null` for an answer without a body (`204`). */
  responses: { readonly [status: number]: z.ZodType | null };
  /**
   * How a success comes: JSON (the default), CSV (the journal export, a plain link), or plain
   * text (the metrics, for a scraper, not a browser), or Server-Sent Events (the live stream,
   * opened with `EventSource`; its messages are `LiveMessageSchema`).
   */
  media?: 'json' | 'csv' | 'text' | 'event-stream';
  /** Every error answer has the one problem shape, whatever the route. */
  problem: typeof ConsoleProblemSchema;
}

/** What a route takes and answers, besides its method and path (api-routes.ts). */
export type RouteSpec = Omit<ApiRoute, 'method' | 'path' | 'problem'>;

/**
 * A group of routes' specs, typed as written (each schema, each literal) so that the contract
 * they are assembled into knows every route's exact answers.
 */
export function routeSpecs<const Specs extends { [N in ApiRouteName]?: RouteSpec }>(
  specs: Specs,
): Specs {
  return specs;
}

export const IdParamsSchema = z.object({ id: z.string() });
