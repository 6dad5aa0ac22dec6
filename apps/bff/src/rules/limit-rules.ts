/**
 * Limits per operator (issue 37), as the policy file's `limits` states them: how much of one
 * asset an operator, or every operator of a role, may initiate or approve in a rolling window,
 * and what a send past it does. Amounts are big.js decimals in the asset's own units.
 */
import {
  LIMIT_SIDES,
  LIMIT_WINDOWS,
  ROLES,
  type ApproverRole,
  type LimitSide,
  type LimitWindow,
  type Role,
} from '@console/schemas';
import Big from 'big.js';
import { z } from 'zod';
import { approverRole, assetOnly, decimal } from './policy-values';

export const LimitRuleSchema = z
  .strictObject({
    /** Every operator of this role… */
    role: z.enum(ROLES).optional(),
    /** …or this one operator (their username, or `oidc:…` identity); it replaces their role's. */
    operator: z.string().min(1).max(200).optional(),
    side: z.enum(LIMIT_SIDES),
    asset: assetOnly,
    window: z.enum(LIMIT_WINDOWS),
    max: decimal,
    /** Initiating past it: wait for one more approver, or be refused (the default). */
    over: z.enum(['escalate', 'refuse']).optional(),
    /** Who may lift an escalating limit: the extra approver's roles (default admin). */
    lift_roles: z.array(approverRole).min(1).optional(),
  })
  .superRefine((rule, ctx) => {
    if ((rule.role === undefined) === (rule.operator === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give either role or operator' });
    }
    if (rule.side === 'approve' && rule.over !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['over'],
        message: 'an approval past its limit is always refused: over is for initiate',
      });
    }
    if (rule.lift_roles !== undefined && rule.over !== 'escalate') {
      ctx.addIssue({
        code: 'custom',
        path: ['lift_roles'],
        message: 'lift_roles is for a limit whose over is escalate',
      });
    }
  });

/** One limit as the engine reads it. */
export interface LimitRule {
  /** Whose: every operator of a role, or one operator. */
  who: { role: Role } | { operator: string };
  side: LimitSide;
  asset: string;
  window: LimitWindow;
  max: Big;
  over: 'escalate' | 'refuse';
  /** For `escalate`: the roles of the one more approver. */
  liftRoles: ApproverRole[];
}

const keyOf = (rule: Pick<LimitRule, 'side' | 'asset' | 'window'>) =>
  `${rule.side} ${rule.asset} ${rule.window}`;

/** The file's limits as rules, and a problem for each that repeats another (naming both). */
export function buildLimits(raw: readonly z.output<typeof LimitRuleSchema>[]): {
  rules: LimitRule[];
  problems: string[];
} {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const rules = raw.map((given, i): LimitRule => {
    const who = given.role !== undefined ? { role: given.role } : { operator: given.operator! };
    const rule: LimitRule = {
      who,
      side: given.side,
      asset: given.asset,
      window: given.window,
      max: new Big(given.max),
      over: given.over ?? 'refuse',
      liftRoles: given.lift_roles ?? ['admin'],
    };
    const key = `${'role' in who ? `role ${who.role}` : `operator ${who.operator}`} ${keyOf(rule)}`;
    const before = seen.get(key);
    if (before !== undefined) {
      problems.push(`limits.${i}: the same limit as limits.${before} (${key}): keep one`);
    } else seen.set(key, i);
    return rule;
  });
  return { rules, problems };
}

/**
 * The limits that hold for `operator` on `side` (of `asset` only, when given): their own rules,
 * and their role's for each asset and window they have no rule of their own for.
 */
export function limitsFor(
  rules: readonly LimitRule[],
  operator: { username: string; role: Role },
  side: LimitSide,
  asset?: string,
): LimitRule[] {
  const mine = rules.filter(
    (rule) =>
      rule.side === side &&
      (asset === undefined || rule.asset === asset) &&
      'operator' in rule.who &&
      rule.who.operator === operator.username,
  );
  const own = new Set(mine.map(keyOf));
  const role = rules.filter(
    (rule) =>
      rule.side === side &&
      (asset === undefined || rule.asset === asset) &&
      'role' in rule.who &&
      rule.who.role === operator.role &&
      !own.has(keyOf(rule)),
  );
  return [...mine, ...role];
}
