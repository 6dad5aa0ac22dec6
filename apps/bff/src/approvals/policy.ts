/**
 * The approval policy (issue 7): which sends wait for other operators, how many, from which roles
 * and for how long. Read once at start from `CONSOLE_POLICY_FILE`, or the built-in default.
 * Amounts are compared as decimals with big.js, never as JavaScript numbers.
 */
import { readFileSync } from 'node:fs';
import {
  DECIMAL_PATTERN,
  WRITE_OPERATION_IDS,
  isKnownValue,
  MARKETS,
  marketAssets,
  operations,
  type ApproverRole,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import Big from 'big.js';
import { z } from 'zod';

/**
 * Where an operation carries its amount and asset: its registry entry's `approval.amount`;
 * operations without one take no thresholds.
 */
const amountFields = (id: WriteOperationId) => operations[id].approval.amount;

/** Operations whose thresholds apply to an amount: those that name one, and orders by notional. */
const HAS_AMOUNT = (id: WriteOperationId) => id === 'createOrder' || amountFields(id) !== undefined;

const decimalOf = (raw: unknown) =>
  typeof raw === 'string' && DECIMAL_PATTERN.test(raw) ? new Big(raw) : undefined;

/**
 * The amount a threshold compares, and its asset. For an order, its notional in the market's
 * quote currency: the quote amount of a market buy, else the base amount times the limit price
 * (or the stop price of a stop market order). A market sell has no notional before it fills:
 * undefined, and a threshold then always holds it.
 */
export function thresholdAmount(
  id: WriteOperationId,
  body: Record<string, unknown>,
): { asset: string; amount: Big | undefined } | undefined {
  if (id === 'createOrder') {
    const market = body.market;
    if (typeof market !== 'string' || !isKnownValue(MARKETS, market)) {
      return { asset: '', amount: undefined };
    }
    const { quote } = marketAssets(market);
    const quoteAmount = decimalOf(body.quote_amount);
    if (quoteAmount) return { asset: quote, amount: quoteAmount };
    const base = decimalOf(body.base_amount);
    const price = decimalOf(body.price) ?? decimalOf(body.stop_price);
    return { asset: quote, amount: base && price ? base.times(price) : undefined };
  }
  const fields = amountFields(id);
  if (!fields) return undefined;
  return { asset: String(body[fields.asset] ?? ''), amount: decimalOf(body[fields.amount]) };
}

const decimal = z
  .string()
  .regex(DECIMAL_PATTERN, { error: 'must be a decimal string such as "10000"' });
/** Per asset code, `*` for any asset not listed. */
const amounts = z.record(
  z.string().regex(/^([A-Z0-9]{1,20}|\*)$/, { error: 'must be an asset code or *' }),
  decimal,
);
const approverRole = z.enum(['admin', 'finance', 'support'], {
  error: 'must be admin, finance or support (a viewer can never approve)',
});

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
});

export const PolicyFileSchema = z.strictObject({
  max_wait_hours: z
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  operations: z.partialRecord(z.enum(WRITE_OPERATION_IDS), RuleSchema).default({}),
});
export type PolicyFile = z.input<typeof PolicyFileSchema>;
type Rule = z.output<typeof RuleSchema>;

/** The policy in force: one rule per operation. */
export interface ApprovalPolicy {
  maxWaitMs: number;
  rules: Partial<Record<WriteOperationId, Rule & { roles: ApproverRole[] }>>;
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
  if (problems.length) throw new PolicyError(problems);
  return { maxWaitMs: parsed.data.max_wait_hours * 3_600_000, rules };
}

/** Reads and checks a policy file; a problem names the file and the bad member. */
export function loadPolicyFile(file: string): ApprovalPolicy {
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
  return buildPolicy(json);
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
