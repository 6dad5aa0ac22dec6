import type { ConsoleActionId } from '@console/schemas';
import { isConsoleActionId } from '@console/schemas';
import type { ConsoleAction } from './action-types';
import { addAllowedDestination, revokeAllowedDestination } from './destination-actions';
import { proposePolicyVersion } from './policy-actions';

/**
 * The console actions (issue 37), by id: one place for who may ask for each, who approves it and
 * how it is applied. Never confused with the service's operations: their ids are not the
 * registry's, the journal shows them, and nothing ever sends them (`dispatch` knows only the
 * registry's writes).
 */
export const CONSOLE_ACTION_DEFS: Readonly<Record<ConsoleActionId, ConsoleAction<unknown>>> = {
  addAllowedDestination,
  revokeAllowedDestination,
  proposePolicyVersion: proposePolicyVersion as ConsoleAction<unknown>,
};

/** The console action a journal entry's operation names, or undefined for anything else. */
export function consoleActionOf(operation: string): ConsoleAction<unknown> | undefined {
  return isConsoleActionId(operation) ? CONSOLE_ACTION_DEFS[operation] : undefined;
}
