import { z } from 'zod';
import { RoleSchema } from './primitives/roles';

/*
 * Limits per operator (issue 37) as the browser sees them: how much of an asset an operator may
 * initiate, or approve, in a rolling window, and how much is left. Amounts are decimal strings in
 * the asset's own units, summed by the BFF from the journal with big.js.
 */

/** The rolling windows a limit counts over: the last hour, 24 hours, 7 days. */
export const LIMIT_WINDOWS = ['1h', '24h', '7d'] as const;
export const LimitWindowSchema = z.enum(LIMIT_WINDOWS);
export type LimitWindow = z.infer<typeof LimitWindowSchema>;

/** The length of each window in milliseconds. */
export const LIMIT_WINDOW_MS: Readonly<Record<LimitWindow, number>> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** A window in words: "the last 24 hours". */
export const LIMIT_WINDOW_WORDS: Readonly<Record<LimitWindow, string>> = {
  '1h': 'the last hour',
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
};

/** What an operator initiates (the sends they make), or approves (others' sends). */
export const LIMIT_SIDES = ['initiate', 'approve'] as const;
export const LimitSideSchema = z.enum(LIMIT_SIDES);
export type LimitSide = z.infer<typeof LimitSideSchema>;

/** One limit of the signed-in operator and where they stand against it now. */
export const LimitStandingSchema = z.object({
  side: LimitSideSchema,
  asset: z.string(),
  window: LimitWindowSchema,
  /** The limit, and what the journal holds of the operator's in the window, and what is left. */
  max: z.string(),
  used: z.string(),
  left: z.string(),
  /**
   * What a send past it does: waits for one more approver (`escalate`) or is refused. Past an
   * approval limit, the approval is always refused.
   */
  when_over: z.enum(['escalate', 'refuse']),
  /** Whose limit: the operator's own rule, or their role's. */
  rule: z.enum(['operator', 'role']),
  /** "38,500.00 of 50,000.00 USD left in the last 24 hours". */
  text: z.string(),
});
export type LimitStanding = z.infer<typeof LimitStandingSchema>;

/** A limit as one send (or approval) meets it: its amount, and whether it would pass the limit. */
export const LimitCheckSchema = LimitStandingSchema.extend({
  amount: z.string(),
  over: z.boolean(),
});
export type LimitCheck = z.infer<typeof LimitCheckSchema>;

/** `GET /api/limits`: the signed-in operator's limits, both sides, and what is left of each. */
export const LimitListSchema = z.object({ items: z.array(LimitStandingSchema) });
export type LimitList = z.infer<typeof LimitListSchema>;

/** Why a send waits for one more approver than it would have: who may lift the limit. */
export const EscalationSchema = z.object({
  lift_roles: z.array(RoleSchema),
  reason: z.string(),
});
export type Escalation = z.infer<typeof EscalationSchema>;
