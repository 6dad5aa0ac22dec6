/**
 * The approval policy (issue 7): which sends wait for other operators, how many, from which roles
 * and for how long. Read once at start from `CONSOLE_POLICY_FILE`, or the built-in default.
 * Amounts are compared as decimals with big.js, never as JavaScript numbers.
 */
import { readFileSync } from 'node:fs';
import {
  WRITE_OPERATION_IDS,
  type ApprovalDefault,
  operations,
  type ApproverRole,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import Big from 'big.js';
import { z } from 'zod';
import {
  BookSettingsSchema,
  coolingOffOf,
  testAmountsOf,
  DestinationsSettingSchema,
  type CoolingOff,
} from '../rules/destination-rules';
import { buildLimits, LimitRuleSchema, type LimitRule } from '../rules/limit-rules';
import { approverRole, assetOrAny, decimal } from '../rules/policy-values';
import { thresholdAmount } from '../rules/send-amount';

/** Operations whose thresholds apply to an amount: those that name one, and orders by notional. */
const HAS_AMOUNT = (id: WriteOperationId) =>
  id === 'createOrder' || operations[id].approval.amount !== undefined;

/** Per asset code, `*` for any asset not listed. */
const amounts = z.record(assetOrAny, decimal);

const RuleSchema = z.strictObject({
  /** False: sent at once, as without a policy. */
  required: z.boolean(),
  /** Distinct approvers needed (the maker never counts). */
  approvers: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }).default(1),
  /** Roles whose operators may approve. */
  roles: z.array(approverRole).min(1, { error: 'must name at least one role' }).optional(),
  /** Approval only when the amount is above this for its asset (an asset not listed: always). */
  required_above: amounts.optional(),
  /** Two approvers when the amount is above this for its asset. */
  two_above: amounts.optional(),
  max_wait_hours: z
    .number()
    .positive()
    .max(24 * 30)
    .optional(),
  /**
   * Per asset code (`*` for any other, required): `book` when money may go only to an ACTIVE
   * entry of the book of allowed destinations, `any` when anywhere. Unset: anywhere.
   */
  destinations: DestinationsSettingSchema.optional(),
});

export const PolicyFileSchema = z.strictObject({
  max_wait_hours: z
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  operations: z.partialRecord(z.enum(WRITE_OPERATION_IDS), RuleSchema).default({}),
  /** Limits per operator or role, asset and window (issue 37); none by default. */
  limits: z.array(LimitRuleSchema).default([]),
  /** The book of allowed destinations: how long a new entry of each kind cools off. */
  destination_book: BookSettingsSchema.optional(),
});
export type PolicyFile = z.input<typeof PolicyFileSchema>;
type Rule = z.output<typeof RuleSchema>;

/**
 * The policy in force: one rule per operation (who approves, and where its money may go), the
 * limits per operator, and the book's cooling-off. Built from one JSON document (the file today;
 * issue 38 keeps versions of the same document in the database).
 */
export interface ApprovalPolicy {
  /**
   * The version of the policy in the database (issue 38) this was built from; absent for a
   * policy given in code (tests, the built-in default before the database is open).
   */
  version?: number;
  maxWaitMs: number;
  rules: Partial<Record<WriteOperationId, Rule & { roles: ApproverRole[] }>>;
  limits: LimitRule[];
  coolingOff: CoolingOff;
  /** The amount a form suggests for the first send to an entry of the book, per asset. */
  testAmounts: Record<string, string>;
}

/**
 * Two approvals above these amounts for transfers and orchestrations: about 10 000 USD in each
 * asset the console knows (`ASSET_PRECISION`), and two approvers at any amount of an asset it
 * does not know (`*`: fail closed, since nobody has said what a large amount of it is).
 */
export const DEFAULT_TWO_ABOVE: Record<string, string> = {
  USD: '10000',
  EUR: '10000',
  SGD: '13000',
  USDP: '10000',
  BTC: '0.25',
  ETH: '5',
  PAXG: '4',
  BCH: '25',
  LTC: '100',
  LINK: '700',
  MATIC: '20000',
  AAVE: '60',
  UNI: '1000',
  '*': '0',
};

/** Where the built-in policy asks two approvers above {@link DEFAULT_TWO_ABOVE}: money that leaves a profile. */
const TWO_ABOVE_BY_DEFAULT: readonly WriteOperationId[] = [
  'createInternalTransfer',
  'createSvcTransfer',
  'createOrchestration',
];

/**
 * The built-in policy, used when `CONSOLE_POLICY_FILE` is unset: each write's approval default
 * from the registry, and two approvers for large transfers.
 */
export const DEFAULT_POLICY_FILE = {
  max_wait_hours: 24,
  operations: Object.fromEntries(WRITE_OPERATION_IDS.map((id) => [id, defaultRule(id)])),
} satisfies PolicyFile;

function defaultRule(id: WriteOperationId): z.input<typeof RuleSchema> {
  const { required, approvers } = operations[id].approval;
  if (!required) return { required };
  const twoAbove = TWO_ABOVE_BY_DEFAULT.includes(id) ? { two_above: DEFAULT_TWO_ABOVE } : {};
  return { required, roles: [...approvers], ...twoAbove };
}

function defaultRoles(id: WriteOperationId): ApproverRole[] {
  return [...operations[id].approval.approvers];
}

/** Problems one per line, each naming the member (`operations.createOrder.two_above`). */
export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * Builds the policy from a parsed file. Operations the file does not name keep the built-in
 * rule, so that a file written for some operations never silently frees the others.
 */
export function buildPolicy(input: unknown): ApprovalPolicy {
  const parsed = PolicyFileSchema.safeParse(input);
  if (!parsed.success) {
    throw new PolicyError(
      parsed.error.issues.map((i) => {
        // A bad asset code is reported by zod as "Invalid key in record": say what is wrong with it.
        const message = i.code === 'invalid_key' ? i.issues[0]?.message : i.message;
        return `${i.path.join('.') || '(file)'}: ${message}`;
      }),
    );
  }
  const problems: string[] = [];
  const rules: ApprovalPolicy['rules'] = {};
  for (const id of WRITE_OPERATION_IDS) {
    const given = parsed.data.operations[id];
    const rule = given ?? RuleSchema.parse(DEFAULT_POLICY_FILE.operations[id]);
    const approval: ApprovalDefault = operations[id].approval;
    if (rule.destinations && !approval.destination) {
      problems.push(`operations.${id}: ${id} moves nothing to a destination: no destinations`);
    } else if (rule.destinations && !Object.hasOwn(rule.destinations, '*')) {
      // Without `*`, money of an asset the table forgot could go anywhere.
      problems.push(
        `operations.${id}.destinations: give "*" too ("book" or "any" for every other asset)`,
      );
    }
    if ((rule.required_above || rule.two_above) && !HAS_AMOUNT(id)) {
      problems.push(
        `operations.${id}: ${id} has no amount, so it takes no required_above or two_above`,
      );
    } else if (rule.two_above && !Object.hasOwn(rule.two_above, '*')) {
      // Without `*`, any asset the table forgot would need one approver at any amount.
      problems.push(
        `operations.${id}.two_above: give "*" too (the amount above which any other asset needs two approvers; "0" for always)`,
      );
    }
    rules[id] = { ...rule, roles: rule.roles ?? defaultRoles(id) };
  }
  const limits = buildLimits(parsed.data.limits);
  problems.push(...limits.problems);
  if (problems.length) throw new PolicyError(problems);
  return {
    maxWaitMs: parsed.data.max_wait_hours * 3_600_000,
    rules,
    limits: limits.rules,
    coolingOff: coolingOffOf(parsed.data.destination_book),
    testAmounts: testAmountsOf(parsed.data.destination_book),
  };
}

/** Reads and checks a policy file; a problem names the file and the bad member. */
export function loadPolicyFile(file: string): ApprovalPolicy {
  return buildPolicy(readPolicyFile(file));
}

/** A policy file's document, read and parsed (its members are checked by {@link buildPolicy}). */
export function readPolicyFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new PolicyError([`cannot read ${file} (${(error as NodeJS.ErrnoException).code})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PolicyError([`${file} is not JSON (${(error as Error).message})`]);
  }
  return json;
}

export const defaultPolicy = (): ApprovalPolicy => buildPolicy(DEFAULT_POLICY_FILE);

/** A policy that never asks for approval (tests that exercise plain sending). */
export function noApprovalPolicy(): ApprovalPolicy {
  const rules = Object.fromEntries(WRITE_OPERATION_IDS.map((id) => [id, { required: false }]));
  return buildPolicy({ operations: rules });
}

/** What a send must collect before it goes out. */
export interface Requirement {
  approversNeeded: number;
  roles: Role[];
  maxWaitMs: number;
  /**
   * Set when a limit escalated it (issue 37): one of its approvers must hold one of `liftRoles`
   * (`approversNeeded` and `roles` already count that one), and why.
   */
  escalation?: { liftRoles: Role[]; reason: string };
}

function above(limits: Record<string, string> | undefined, asset: string, amount: Big) {
  const limit = limits?.[asset] ?? limits?.['*'];
  return limit !== undefined && amount.gt(new Big(limit));
}

/**
 * The requirement for a body the pipeline validated, or undefined when it is sent at once.
 * `required_above` and `two_above` compare `amount > limit` for the body's asset.
 */
export function requirementFor(
  policy: ApprovalPolicy,
  id: WriteOperationId,
  body: Record<string, unknown>,
): Requirement | undefined {
  const rule = policy.rules[id];
  if (!rule?.required) return undefined;
  const { asset = '', amount = undefined } = thresholdAmount(id, body) ?? {};
  if (rule.required_above && amount) {
    const limit = rule.required_above[asset] ?? rule.required_above['*'];
    if (limit !== undefined && !amount.gt(new Big(limit))) return undefined;
  }
  // An amount that is not known before it is sent (a market sell) is taken as large: two.
  const two =
    rule.approvers === 2 ||
    (rule.two_above !== undefined &&
      (amount === undefined || above(rule.two_above, asset, amount)));
  return {
    approversNeeded: two ? 2 : 1,
    roles: rule.roles,
    maxWaitMs:
      rule.max_wait_hours !== undefined ? rule.max_wait_hours * 3_600_000 : policy.maxWaitMs,
  };
}
