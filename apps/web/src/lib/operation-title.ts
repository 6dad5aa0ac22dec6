import { CONSOLE_ACTIONS, isConsoleActionId, isOperationId, operations } from '@console/schemas';

/**
 * A journal entry's operation in words: the registry's title ("Create internal transfer"), a
 * console action's ("Add allowed destination"), or the id as it came for one this build does
 * not know.
 */
export function operationTitle(operation: string): string {
  if (isOperationId(operation)) return operations[operation].title;
  if (isConsoleActionId(operation)) return CONSOLE_ACTIONS[operation].title;
  return operation;
}
