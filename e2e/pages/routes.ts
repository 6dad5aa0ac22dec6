import { routeOf, type ReadOperationId } from '@console/schemas';

/**
 * The console's page of a read of the registry, as the SPA routes it: the entry's `route` with
 * each `:name` filled, and a query for a list's filters. Specs open read pages through it, so a
 * page that moves moves for the specs too.
 *
 * @example
 * pageOf('getFiatAccount', { id }); // '/fiat-accounts/f1a2…'
 */
export function pageOf(
  id: ReadOperationId,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
): string {
  return routeOf(id, params, query);
}
