import type { z } from 'zod';
import { AddAllowedDestinationSchema, RevokeAllowedDestinationSchema } from './destinations-api';
import { ProposePolicyVersionSchema } from './policy-api';

/*
 * Console actions (issue 37): operations the console carries out itself instead of sending them
 * to the service, journaled like a send (their exact bytes, their hash, their approvals) and
 * applied in the BFF's database. Their ids share the journal's `operation` column with the
 * registry's writes and never collide with them; the BFF's registry of them
 * (apps/bff/src/console-actions) adds who may ask, who approves, and how each is applied.
 */
export const CONSOLE_ACTIONS = {
  addAllowedDestination: {
    title: 'Add allowed destination',
    request: AddAllowedDestinationSchema,
  },
  revokeAllowedDestination: {
    title: 'Revoke allowed destination',
    request: RevokeAllowedDestinationSchema,
  },
  proposePolicyVersion: {
    title: 'New approval policy version',
    request: ProposePolicyVersionSchema,
  },
} as const satisfies Record<string, { title: string; request: z.ZodType }>;

export type ConsoleActionId = keyof typeof CONSOLE_ACTIONS;
export const CONSOLE_ACTION_IDS = Object.keys(CONSOLE_ACTIONS) as ConsoleActionId[];

/** True for a journal entry's operation that the console applies itself, never sends. */
export function isConsoleActionId(value: string): value is ConsoleActionId {
  return Object.hasOwn(CONSOLE_ACTIONS, value);
}
