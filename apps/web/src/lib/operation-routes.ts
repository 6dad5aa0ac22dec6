import {
  READ_OPERATION_IDS,
  isWriteOperationId,
  operations,
  routeOf,
  type ReadOperationId,
} from '@console/schemas';

/** Where a write's form lives: its registry entry's route. "Clone as new" goes there too. */
export function operationRoute(operation: string): string | undefined {
  return isWriteOperationId(operation) ? operations[operation].route : undefined;
}

export function cloneLink(operation: string, journalId: string): string | undefined {
  const route = operationRoute(operation);
  return route ? `${route}?clone=${encodeURIComponent(journalId)}` : undefined;
}

/**
 * The reads that have a page in the SPA (`page: true` in their entry), at the route their entry
 * names: the router, the navigation and every link to a record are built from this one list. A
 * read without a page (a profile's executions, one balance) is shown inside its parent's page.
 */
export type ReadPageId = {
  [K in ReadOperationId]: (typeof operations)[K] extends { page: true } ? K : never;
}[ReadOperationId];
export const READ_PAGE_IDS: readonly ReadPageId[] = READ_OPERATION_IDS.filter(
  (id): id is ReadPageId => operations[id].page,
);

export function hasPage(id: string): id is ReadPageId {
  return (READ_PAGE_IDS as readonly string[]).includes(id);
}

/**
 * The console path of a read's page, each `:name` of its route filled (encoded) from `params`,
 * and a query for a list's filters (empty values left out).
 *
 * @example
 * pagePath('getOrder', { profile_id: 'p-1', id: 'o-9' }); // '/orders/p-1/o-9'
 * pagePath('listOrders', {}, { profile: 'p-1' }); // '/orders?profile=p-1'
 */
export function pagePath(
  id: ReadPageId,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | undefined>> = {},
): string {
  return routeOf(id, params, query);
}

/** The page of one orchestration rule: the service has no read of a single rule, so it is found by id in the list. */
export const rulePath = (id: string) =>
  `${pagePath('listOrchestrationRules')}/${encodeURIComponent(id)}`;
