/**
 * What a batch waits for (issue 55): every distinct requirement its rows and its totals per asset
 * ask, each kept whole (its number of approvals, its roles, its escalation). Reducing them to the
 * one asking the most approvals would let two finance operators send a row that a rule keeps for
 * an admin; so a batch is approved only once each of them is met, an approval counting towards
 * every requirement whose roles hold the approver's.
 */
import { MONEY_ROLES, type BatchRequirement, type Role } from '@console/schemas';
import type { Requirement } from '../approvals/policy';
import { either } from '../approvals/policy';

/** A requirement as stored with its batch; its progress is read from the approvals. */
export type StoredRequirement = Omit<BatchRequirement, 'given' | 'met'>;

/** Who asked a requirement: a row (its number in the file) or the total of an asset. */
export type AskedBy = { row: number } | { total: string };

/** How many row numbers the words of a requirement name before "and N more". */
const ROWS_NAMED = 5;

const sorted = (roles: readonly string[]) => [...roles].sort().join(',');
const keyOf = (r: Requirement) =>
  `${r.approversNeeded}|${sorted(r.roles)}|${r.escalation ? sorted(r.escalation.liftRoles) : ''}`;

function askedWords(rows: number[], totals: string[]): string {
  const parts: string[] = [];
  if (rows.length > 0) {
    const named = rows.slice(0, ROWS_NAMED).join(', ');
    const more = rows.length - ROWS_NAMED;
    parts.push(
      `${rows.length === 1 ? 'row' : 'rows'} ${named}${more > 0 ? ` and ${more} more` : ''}`,
    );
  }
  if (totals.length > 0) parts.push(`the total of ${totals.join(', ')}`);
  return parts.join('; ');
}

/**
 * The distinct requirements of `asked` (same number, roles and escalation roles are one), in the
 * order first asked; at least one: a batch is never sent unreviewed.
 */
export function distinctRequirements(
  asked: readonly { requirement: Requirement; by: AskedBy }[],
): StoredRequirement[] {
  const groups = new Map<string, { requirement: Requirement; rows: number[]; totals: string[] }>();
  for (const { requirement, by } of asked) {
    const key = keyOf(requirement);
    const group = groups.get(key) ?? { requirement, rows: [], totals: [] };
    groups.set(key, group);
    if ('row' in by) group.rows.push(by.row);
    else if (!group.totals.includes(by.total)) group.totals.push(by.total);
  }
  const out = [...groups.values()].map(({ requirement, rows, totals }) => ({
    approvals_required: Math.max(1, requirement.approversNeeded),
    approver_roles:
      requirement.roles.length > 0 ? [...requirement.roles] : ([...MONEY_ROLES] as Role[]),
    escalation: requirement.escalation
      ? { lift_roles: [...requirement.escalation.liftRoles], reason: requirement.escalation.reason }
      : null,
    asked_by: askedWords(rows, totals),
  }));
  if (out.length > 0) return out;
  return [
    {
      approvals_required: 1,
      approver_roles: [...MONEY_ROLES],
      escalation: null,
      asked_by: 'every row: a batch is never sent unreviewed',
    },
  ];
}

/**
 * How far the approvals (the roles their approvers held) go towards a requirement: an escalated
 * one none of whose approvals is from a lift role counts one short, as a single send's does.
 */
export function progressOf(
  requirement: StoredRequirement,
  roles: readonly string[],
): BatchRequirement {
  const counted = roles.filter((role) => requirement.approver_roles.includes(role)).length;
  const lift = requirement.escalation?.lift_roles;
  const lifted = !lift || roles.some((role) => lift.includes(role));
  const given = lifted ? counted : Math.min(counted, requirement.approvals_required - 1);
  return { ...requirement, given, met: given >= requirement.approvals_required };
}

/** Whether an approval by `role` would take the batch nearer: it counts towards one not met. */
export function advances(
  requirements: readonly StoredRequirement[],
  roles: readonly string[],
  role: string,
): boolean {
  return requirements.some((r) => {
    const before = progressOf(r, roles);
    return !before.met && progressOf(r, [...roles, role]).given > before.given;
  });
}

/** What a batch still waits for, in words: "1 approval from admin (rows 1, 4)". */
export function awaitedWords(requirements: readonly BatchRequirement[]): string {
  return requirements
    .filter((r) => !r.met)
    .map((r) => {
      const still = r.approvals_required - r.given;
      const lift = r.escalation ? `, one of them from ${either(r.escalation.lift_roles)}` : '';
      return `${still} ${still === 1 ? 'approval' : 'approvals'} from ${either(r.approver_roles)}${lift} (${r.asked_by})`;
    })
    .join('; ');
}

/** The union of the requirements' roles: who may approve the batch at all. */
export const rolesOf = (requirements: readonly StoredRequirement[]): Role[] => [
  ...new Set(requirements.flatMap((r) => r.approver_roles as Role[])),
];
