/**
 * The approval policy in force (issues 7, 37, 38): the rules that decide which sends go at once,
 * wait for other operators (how many, from which roles, for how long) or are refused, the limits
 * per operator, and the book's cooling-off. Built from one document: format 2 (rules as data,
 * decided by `decidePolicy`), or today's policy file, read as rules by `legacyToDocument`.
 */
import {
  approverRolesFor,
  DEFAULT_PASSKEY_COOLING_OFF_HOURS,
  decidePolicy,
  isWriteOperationId,
  maxWaitHoursOf,
  PolicyDocumentV2Schema,
  toFieldErrors,
  WRITE_OPERATION_IDS,
  type PolicyDecision,
  type PolicyDocumentV2,
  type PolicyFacts,
  type Role,
} from '@console/schemas';
import { z, ZodError } from 'zod';
import {
  BookSettingsSchema,
  coolingOffOf,
  testAmountsOf,
  type CoolingOff,
} from '../rules/destination-rules';
import { buildLimits, LimitRuleSchema, type LimitRule } from '../rules/limit-rules';
import { DEFAULT_POLICY_FILE, PolicyError, problemsOf, readPolicyFile } from './policy-file';
import { legacyToDocument } from './policy-legacy';

export interface ApprovalPolicy {
  /**
   * The version of the policy in the database (issue 38) this was built from; absent for a
   * policy given in code (tests, the built-in default before the database is open).
   */
  version?: number;
  /** The rules, first match wins: what every send, approval and dry run is decided by. */
  document: PolicyDocumentV2;
  /** The document's wait for a held send that its rule does not set. */
  maxWaitMs: number;
  limits: LimitRule[];
  coolingOff: CoolingOff;
  /** The amount a form suggests for the first send to an entry of the book, per asset. */
  testAmounts: Record<string, string>;
  /**
   * Passkeys (issue 61): how long a new one cools off, and whether a policy version's or a book
   * entry's decisions are signed with one.
   */
  passkeys: { coolingOffMs: number; consoleActions: boolean };
}

/** The members format 2 carries for the BFF to check: the limits and the book's settings. */
const ExtrasSchema = z.object({
  limits: z.array(LimitRuleSchema),
  destination_book: BookSettingsSchema.optional(),
});

function fromDocument(document: PolicyDocumentV2): ApprovalPolicy {
  const extras = ExtrasSchema.safeParse({
    limits: document.limits,
    destination_book: document.destination_book,
  });
  if (!extras.success) throw new PolicyError(problemsOf(extras.error));
  const limits = buildLimits(extras.data.limits);
  if (limits.problems.length) throw new PolicyError(limits.problems);
  return {
    document,
    maxWaitMs: document.max_wait_hours * 3_600_000,
    limits: limits.rules,
    coolingOff: coolingOffOf(extras.data.destination_book),
    testAmounts: testAmountsOf(extras.data.destination_book),
    passkeys: {
      coolingOffMs:
        (document.passkeys?.cooling_off_hours ?? DEFAULT_PASSKEY_COOLING_OFF_HOURS) * 3_600_000,
      consoleActions: document.passkeys?.console_actions === true,
    },
  };
}

/** Whether a document says it is of format 2 (else it is read as today's policy file). */
export const isFormat2 = (input: unknown) =>
  typeof input === 'object' && input !== null && 'format' in input;

/**
 * Builds the policy of a document of either format; a problem throws a {@link PolicyError}
 * naming its member (`rules.0.action.approvers`, `operations.createOrder.two_above`).
 */
export function buildPolicy(input: unknown): ApprovalPolicy {
  if (!isFormat2(input)) {
    try {
      return fromDocument(legacyToDocument(input));
    } catch (error) {
      // A file its own checks took that still reads as no valid document of rules.
      if (error instanceof ZodError) throw new PolicyError(problemsOf(error));
      throw error;
    }
  }
  const parsed = PolicyDocumentV2Schema.safeParse(input);
  if (!parsed.success) {
    throw new PolicyError(
      toFieldErrors(parsed.error).map((e) => `${e.path || '(file)'}: ${e.message}`),
    );
  }
  return fromDocument(parsed.data);
}

/** Reads and checks a policy file; a problem names the file and the bad member. */
export function loadPolicyFile(file: string): ApprovalPolicy {
  return buildPolicy(readPolicyFile(file));
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
   * Set when a rule or a limit escalated it (issues 37, 38): one of its approvers must hold one
   * of `liftRoles` (`approversNeeded` and `roles` already count that one), and why.
   */
  escalation?: { liftRoles: Role[]; reason: string };
  /** Each decision signed with the approver's passkey (issue 61). */
  passkey?: boolean;
}

/** "finance or admin". */
export const either = (roles: readonly string[]) =>
  roles.length <= 1 ? (roles[0] ?? '') : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;

/** What a decision of the rules asks before the send goes out: undefined for send and refuse. */
export function requirementOf(
  policy: ApprovalPolicy,
  decision: PolicyDecision,
): Requirement | undefined {
  const { action } = decision;
  if (action.kind !== 'hold' && action.kind !== 'escalate') return undefined;
  const hours = maxWaitHoursOf(policy.document, action);
  const requirement: Requirement = {
    approversNeeded: action.approvers,
    roles: [...action.roles],
    maxWaitMs: hours === undefined ? policy.maxWaitMs : hours * 3_600_000,
    ...(action.passkey === true && { passkey: true }),
  };
  if (action.kind === 'escalate') {
    const lift = [...action.escalate_to];
    requirement.escalation = {
      liftRoles: lift,
      reason: `The policy's rule ${decision.rule} asks that one of its approvers be from ${either(lift)}.`,
    };
  }
  return requirement;
}

/** The rules' decision of a send, and what it asks before going out. */
export function decideByRules(policy: ApprovalPolicy, facts: PolicyFacts) {
  const decision = decidePolicy(policy.document, facts);
  return { decision, requirement: requirementOf(policy, decision) };
}

/**
 * The roles the policy in force names as approvers of an operation: an approval from another role
 * stops counting. Undefined, restricting nothing, for a console action (its own rule decides) and
 * for an operation the policy sends at once whatever it is (it names no approvers to keep to).
 */
export function policyRolesOf(policy: ApprovalPolicy, operation: string): Role[] | undefined {
  if (!isWriteOperationId(operation)) return undefined;
  const roles = approverRolesFor(policy.document, operation);
  return roles.length > 0 ? roles : undefined;
}
