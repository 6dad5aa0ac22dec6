import { isWriteOperationId, operations } from '@console/schemas';

/** Where a write's form lives: its registry entry's route. "Clone as new" goes there too. */
export function operationRoute(operation: string): string | undefined {
  return isWriteOperationId(operation) ? operations[operation].route : undefined;
}

export function cloneLink(operation: string, journalId: string): string | undefined {
  const route = operationRoute(operation);
  return route ? `${route}?clone=${encodeURIComponent(journalId)}` : undefined;
}
