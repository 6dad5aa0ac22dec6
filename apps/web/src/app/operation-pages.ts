import { WRITE_OPERATION_IDS, type WriteOperationId } from '@console/schemas';

/**
 * The operations of the registry that have a page in the SPA, in registry order: every write,
 * with its own or a generated form (app/operation-views.tsx). The router and the navigation are
 * built from this list; the reads join it with their pages in the read-back console.
 */
export const PAGED_OPERATIONS: readonly WriteOperationId[] = WRITE_OPERATION_IDS;
