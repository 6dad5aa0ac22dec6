/**
 * Who hears of a happening. Only operators there are now: the users file as it reads now, and
 * the people the company's provider gave a role at their last sign-in; a removed operator is
 * nobody's recipient. Approvers are those the request's roles (as the policy names them now)
 * allow, never the maker, never one who approved already; the maker hears of their own request;
 * admins of what the console could not settle.
 */
import {
  notificationKindsFor,
  type JournalEntry,
  type NotificationKind,
  type Role,
} from '@console/schemas';
import type { ApprovalPolicy } from '../approvals/policy';
import type { ApprovalRequestRow } from '../approvals/approval-rows';
import { approvingRoles } from '../approvals/prospect';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import type { OperatorDirectory } from '../operators/operator-directory';

/** An operator as notifications reach them. */
export interface Reachable {
  username: string;
  display_name: string;
  role: Role;
  email: string | null;
  /** Where the times of their emails are said (IANA); null: in UTC. */
  time_zone: string | null;
  source: 'users-file' | 'sso';
}

/**
 * Every operator there is now. A person linked to a users-file record is that record (its
 * address); an SSO row of a name the users file holds is the same person too.
 */
export async function reachableOperators(deps: {
  directory: OperatorDirectory;
  ssoOperators?: Pick<SsoOperatorStore, 'all'> | undefined;
}): Promise<Reachable[]> {
  const local = deps.directory.list();
  const known = new Set(
    local.flatMap((u) => [u.username, ...(u.sso_identity ? [u.sso_identity] : [])]),
  );
  const sso = (await deps.ssoOperators?.all()) ?? [];
  return [
    ...local.map((u) => ({
      username: u.username,
      display_name: u.display_name,
      role: u.role,
      email: u.email ?? null,
      time_zone: u.time_zone ?? null,
      source: 'users-file' as const,
    })),
    ...sso
      .filter((o) => !known.has(o.identity))
      .map((o) => ({
        username: o.identity,
        display_name: o.display_name,
        role: o.role,
        email: o.email,
        time_zone: null,
        source: 'sso' as const,
      })),
  ];
}

/** What deciding the recipients of one event needs to know of its request. */
export interface EventSubject {
  kind: NotificationKind;
  entry: JournalEntry;
  request: ApprovalRequestRow | undefined;
  /** Who approved the request so far (they have acted). */
  approvers: readonly string[];
}

/** The operators an event is for, before their choices of channel. */
export function recipientsOf(
  subject: EventSubject,
  operators: readonly Reachable[],
  policy: ApprovalPolicy,
): Reachable[] {
  const { kind, entry, request } = subject;
  const canGet = (o: Reachable) => notificationKindsFor(o.role).includes(kind);
  switch (kind) {
    case 'held':
    case 'reminder': {
      if (!request || entry.state !== 'AWAITING_APPROVAL') return [];
      const roles = approvingRoles(policy, entry.operation, request.eligible_roles);
      return operators.filter(
        (o) =>
          canGet(o) &&
          roles.includes(o.role) &&
          o.username !== entry.operator &&
          !subject.approvers.includes(o.username),
      );
    }
    case 'unsettled':
      return operators.filter((o) => o.role === 'admin' && canGet(o));
    default:
      return operators.filter((o) => o.username === entry.operator && canGet(o));
  }
}
