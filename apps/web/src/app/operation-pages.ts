import { WRITE_OPERATION_IDS, type OperationId } from '@console/schemas';
// Relative, not `@/`: the architecture tests (tools/architecture) import this module from outside.
import { READ_PAGE_IDS } from '../lib/operation-routes';

/**
 * The operations of the registry that have a page in the SPA, at their registry route: every
 * write, with its own or a generated form (app/operation-views.tsx), and the reads that have a
 * page (app/read-pages.ts). The router and the navigation are built from this list.
 */
export const PAGED_OPERATIONS: readonly OperationId[] = [...WRITE_OPERATION_IDS, ...READ_PAGE_IDS];
