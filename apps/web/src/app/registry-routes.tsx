import { isWriteOperationId, operations } from '@console/schemas';
import type { RouteObject } from 'react-router';
import type { ReadPageId } from '@/lib/operation-routes';
import { PAGED_OPERATIONS } from './operation-pages';
import { operationPage } from './operation-views';
import { readPage } from './read-pages';

/**
 * One route per operation of the registry that has a page, at the route its entry names: a
 * write's form, a read's page. The router patches these in with the first navigation that needs
 * them, so the registry and its schemas stay out of the shell's first load.
 */
export const registryRoutes: RouteObject[] = PAGED_OPERATIONS.map((id) => ({
  id: `operation:${id}`,
  path: operations[id].route.slice(1),
  lazy: async () => ({
    Component: isWriteOperationId(id) ? await operationPage(id) : await readPage(id as ReadPageId),
  }),
}));
