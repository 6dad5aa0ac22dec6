/**
 * The policy file as issue 7 wrote it (format 1: one rule per write operation), which
 * `CONSOLE_POLICY_FILE` and the built-in policy still use, and a version may still hold. It is
 * read as rules (`legacyToDocument`) and decided by the one engine; here it is only checked.
 * Amounts are decimal strings, compared with big.js, never JavaScript numbers.
 */
import { readFileSync } from 'node:fs';
import {
  PasskeySettingsSchema,
  WRITE_OPERATION_IDS,
  operations,
  type ApproverRole,
  type FieldError,
  type WriteOperationId,
} from '@console/schemas';
import { z, type ZodError } from 'zod';
import { BookSettingsSchema, DestinationsSettingSchema } from '../rules/destination-rules';
import { buildLimits, LimitRuleSchema } from '../rules/limit-rules';
import { approverRole, assetOrAny, decimal } from '../rules/policy-values';

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
  /** Each decision signed with the approver's passkey over the exact bytes (issue 61). */
  passkey: z.boolean().optional(),
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
  /** Passkeys' cooling-off, and whether the console's own actions are signed (issue 61). */
  passkeys: PasskeySettingsSchema.optional(),
});
export type PolicyFile = z.input<typeof PolicyFileSchema>;

/** One operation's rule of a checked file, its roles given. */
export type FileRule = z.output<typeof RuleSchema> & { roles: ApproverRole[] };

/** Whether a write's thresholds apply to an amount: those that name one, and orders by notional. */
const HAS_AMOUNT = (id: WriteOperationId) =>
  id === 'createOrder' || operations[id].approval.amount !== undefined;

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

function defaultRule(id: WriteOperationId): z.input<typeof RuleSchema> {
  const { required, approvers } = operations[id].approval;
  if (!required) return { required };
  const twoAbove = TWO_ABOVE_BY_DEFAULT.includes(id) ? { two_above: DEFAULT_TWO_ABOVE } : {};
  return { required, roles: [...approvers], ...twoAbove };
}

/**
 * The built-in policy, used when `CONSOLE_POLICY_FILE` is unset: each write's approval default
 * from the registry, two approvers for large transfers, and a passkey for every decision on what
 * moves money, on a policy version and on an entry of the book (issue 61). A file's operation
 * without a rule takes {@link defaultRule}, without the passkey: a file says itself whether its
 * decisions are signed.
 */
export const DEFAULT_POLICY_FILE = {
  max_wait_hours: 24,
  operations: Object.fromEntries(
    WRITE_OPERATION_IDS.map((id) => {
      const rule = defaultRule(id);
      return [id, rule.required && HAS_AMOUNT(id) ? { ...rule, passkey: true } : rule];
    }),
  ),
  passkeys: { console_actions: true },
} satisfies PolicyFile;

/** Problems one per line, each naming the member (`operations.createOrder.two_above`). */
export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }

  /**
   * The problems as field errors under `at` (`document`, `draft`): `rules.0.action: …` becomes
   * `{ path: 'document.rules.0.action', message: '…' }`, one of the whole document `at` alone.
   */
  fieldErrors(at: string): FieldError[] {
    return this.problems.map((problem) => {
      const colon = problem.indexOf(': ');
      const member = colon > 0 ? problem.slice(0, colon) : '(file)';
      return {
        path: member === '(file)' ? at : `${at}.${member}`,
        message: colon > 0 ? problem.slice(colon + 2) : problem,
      };
    });
  }
}

/** A schema's issues as problems, each naming its member (`(file)` for the whole document). */
export function problemsOf(error: ZodError): string[] {
  return error.issues.map((i) => {
    // A bad asset code is reported by zod as "Invalid key in record": say what is wrong with it.
    const message = i.code === 'invalid_key' ? i.issues[0]?.message : i.message;
    return `${i.path.join('.') || '(file)'}: ${message}`;
  });
}

/** A file checked: its rule for every write (the built-in one where it names none). */
export interface CheckedFile {
  maxWaitHours: number;
  rules: Record<WriteOperationId, FileRule>;
}

/**
 * Checks a policy file. Operations the file does not name keep the built-in rule, so that a file
 * written for some operations never silently frees the others.
 */
export function checkPolicyFile(input: unknown): CheckedFile {
  const parsed = PolicyFileSchema.safeParse(input);
  if (!parsed.success) throw new PolicyError(problemsOf(parsed.error));
  const problems: string[] = [];
  const rules = {} as CheckedFile['rules'];
  for (const id of WRITE_OPERATION_IDS) {
    const rule = parsed.data.operations[id] ?? RuleSchema.parse(defaultRule(id));
    if (rule.destinations && !operations[id].approval.destination) {
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
    rules[id] = { ...rule, roles: rule.roles ?? [...operations[id].approval.approvers] };
  }
  problems.push(...buildLimits(parsed.data.limits).problems);
  if (problems.length) throw new PolicyError(problems);
  return { maxWaitHours: parsed.data.max_wait_hours, rules };
}

/** A policy file's document, read and parsed (its members are checked when it is built). */
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
