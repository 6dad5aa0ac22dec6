/**
 * Whether the operators there are can still approve a request (issue 33): a held send that no
 * current operator can approve would wait in silence until it expires. The policy's roles, the
 * users file and the people the company's provider gave a role decide; the maker and anyone who
 * approved already do not count.
 */
import type { ApprovalProspect, Role } from '@console/schemas';
import { policyRolesOf } from './policy';
import type { ApprovalDeps } from './approval-deps';

/** An operator as the prospect counts them: who, and the role they hold now. */
export interface CurrentOperator {
  username: string;
  role: Role;
}

/**
 * Everyone who holds a role now: the users file's operators, and each person the provider gave
 * a console role at their last sign-in (not in the users file).
 */
export async function currentOperators(
  deps: Pick<ApprovalDeps, 'directory' | 'ssoOperators'>,
): Promise<CurrentOperator[]> {
  const local = deps.directory.list().map((u) => ({ username: u.username, role: u.role }));
  const known = new Set(local.map((o) => o.username));
  const sso = (await deps.ssoOperators?.all()) ?? [];
  return [
    ...local,
    ...sso
      .filter((o) => !known.has(o.identity))
      .map((o) => ({ username: o.identity, role: o.role })),
  ];
}

/** The roles that may approve a request now: those it names that the policy still names. */
export function approvingRoles(
  policy: ApprovalDeps['policy'],
  operation: string,
  eligible: readonly Role[],
): Role[] {
  const now = policyRolesOf(policy, operation);
  return eligible.filter((role) => now === undefined || now.includes(role));
}

/** "finance or admin". */
const either = (roles: readonly string[]) =>
  roles.length <= 1
    ? (roles[0] ?? 'no role')
    : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;

/**
 * What a request still needs: `needed` approvals from `roles`, of which `counting` (by username)
 * are given and count; `approved` are everyone who approved (they cannot approve again). An
 * escalated request (issue 37) also needs one from `lift.roles`, unless one that counts is
 * (`lift.given`).
 */
export function prospectOf(
  request: {
    needed: number;
    roles: readonly Role[];
    maker: string;
    lift?: { roles: readonly Role[]; given: boolean };
  },
  counting: number,
  approved: readonly string[],
  operators: readonly CurrentOperator[],
): ApprovalProspect {
  const stillNeeded = Math.max(0, request.needed - counting);
  const eligible = operators.filter(
    (o) =>
      o.username !== request.maker &&
      !approved.includes(o.username) &&
      request.roles.includes(o.role),
  );
  const candidates = eligible.length;
  const holders = (n: number) =>
    n === 0
      ? 'no other operator holds'
      : `only ${n} other operator${n === 1 ? ' holds' : 's hold'}`;
  const lift = request.lift;
  const lifters = lift ? eligible.filter((o) => lift.roles.includes(o.role)).length : 0;
  const stalled =
    candidates < stillNeeded
      ? `Needs ${stillNeeded} more ${stillNeeded === 1 ? 'approval' : 'approvals'} from ${either(request.roles)}, and ${holders(candidates)} one of those roles: add an approver or change the policy.`
      : lift && !lift.given && stillNeeded > 0 && lifters === 0
        ? `Needs an approval from ${either(lift.roles)} to lift the limit it passes, and ${holders(0)} one of those roles: add an approver or change the policy.`
        : null;
  return { still_needed: stillNeeded, candidates, stalled };
}
