/**
 * The rules asked again when stored bytes are about to be sent once more, after the send that
 * journaled them was decided (issues 37, 38): at every send of an approved entry, at an
 * operator's retry and before the resolver sends an entry again. The version of the policy in
 * force now must not refuse it (an entry of the book revoked while the send waited, or a rule
 * that refuses such sends since, stops it); and a refused entry sent again counts against its
 * maker's limits once more, so it must still fit in them.
 */
import { isWriteOperationId, type JournalEntry, type Role } from '@console/schemas';
import { standingNow } from '../destinations/destination-standing';
import { ProblemError } from '../errors';
import { overWords } from '../rules/limit-words';
import { pricedNeeds } from '../rules/market-estimate';
import { decideSend, limitChecks, sendNeeds } from '../rules/rule-engine';
import { initiatedSums, lockLimits } from '../rules/window-sums';
import { bodyFields } from '../send/operation-table';
import type { ApprovalDeps } from './approval-deps';
import type { Requirement } from './policy';

type RoleDeps = Pick<ApprovalDeps, 'directory' | 'ssoOperators'>;

/**
 * The roles the makers of entries hold now (a viewer's for one who holds none: no role limits):
 * the users file's, then single sign-on's, asked once for all the makers it alone knows.
 */
export async function makerRoles(
  deps: RoleDeps,
  usernames: readonly string[],
): Promise<Map<string, Role>> {
  const roles = new Map<string, Role>();
  const others: string[] = [];
  for (const username of new Set(usernames)) {
    const local = deps.directory.find(username)?.role;
    if (local) roles.set(username, local);
    else others.push(username);
  }
  const sso = others.length > 0 ? await deps.ssoOperators?.roles(others) : undefined;
  for (const username of others) roles.set(username, sso?.get(username) ?? 'viewer');
  return roles;
}

async function makerRole(deps: RoleDeps, username: string): Promise<Role> {
  return (await makerRoles(deps, [username])).get(username)!;
}

const bodyOf = (entry: JournalEntry) => {
  try {
    return bodyFields(entry.request_body);
  } catch {
    return {};
  }
};

/** A request as it is stored to be sent: its operation, its maker and its body on the wire. */
export interface StoredRequest {
  operation: string;
  operator: string;
  body: Record<string, unknown>;
}

/**
 * The version in force's decision of a stored request, from the facts as they are now: its
 * maker's role, and the book's word on its destination where a rule asks it (limits apart: they
 * were counted when it was journaled). Undefined for a request that is no write (a console action
 * is decided by its own rule).
 */
async function decideRequestNow(
  deps: ApprovalDeps,
  request: StoredRequest,
  /** The makers' roles when the caller read them already (`makerRoles`, for many entries). */
  roles?: ReadonlyMap<string, Role>,
): Promise<{ refusal: string | null; requirement: Requirement | undefined } | undefined> {
  const { operation, body } = request;
  if (!isWriteOperationId(operation)) return undefined;
  // One reading of the version in force, its limits apart.
  const policy = { ...deps.policy, limits: [] };
  const role = roles?.get(request.operator) ?? (await makerRole(deps, request.operator));
  const maker = { username: request.operator, role };
  // A market order is priced again: the approval decides by the price read now, as a send does.
  const needs = await pricedNeeds(
    deps.marketPrice,
    policy.document,
    operation,
    body,
    sendNeeds(policy, operation, body, maker),
  );
  const destination = needs.destination?.required
    ? await standingNow(deps.destinations, needs.destination.target, deps.now())
    : undefined;
  const decision = decideSend(policy, {
    operation,
    body,
    maker,
    shape: needs.shape,
    ...(destination ? { destination } : {}),
  });
  return { refusal: decision.refusal?.detail ?? null, requirement: decision.requirement };
}

/** The version in force's decision of an entry's stored request, as {@link decideRequestNow}. */
export function decideNow(
  deps: ApprovalDeps,
  entry: JournalEntry,
  /** The makers' roles when the caller read them already (`makerRoles`, for many entries). */
  roles?: ReadonlyMap<string, Role>,
): Promise<{ refusal: string | null; requirement: Requirement | undefined } | undefined> {
  return decideRequestNow(
    deps,
    { operation: entry.operation, operator: entry.operator, body: bodyOf(entry) },
    roles,
  );
}

/**
 * Why a request about to be journaled and sent from what was approved earlier (a batch's row)
 * may not be sent now, or null: as {@link policyStop}, before any entry exists.
 */
export async function requestStop(
  deps: ApprovalDeps,
  request: StoredRequest,
): Promise<string | null> {
  return (await decideRequestNow(deps, request))?.refusal ?? null;
}

/** What the version in force asks of a waiting request now; nothing once it waits no more. */
export async function requiredNow(
  deps: ApprovalDeps,
  entry: JournalEntry,
  roles?: ReadonlyMap<string, Role>,
): Promise<Requirement | undefined> {
  if (entry.state !== 'AWAITING_APPROVAL') return undefined;
  return (await decideNow(deps, entry, roles))?.requirement;
}

/**
 * `requiredNow` of each of many entries (a queue), in order: their makers' roles read in one
 * query, not one each.
 */
export async function requiredAllNow(
  deps: ApprovalDeps,
  entries: readonly JournalEntry[],
): Promise<(Requirement | undefined)[]> {
  const waiting = entries.filter((entry) => entry.state === 'AWAITING_APPROVAL');
  if (waiting.length === 0) return entries.map(() => undefined);
  const roles = await makerRoles(
    deps,
    waiting.map((entry) => entry.operator),
  );
  return Promise.all(entries.map((entry) => requiredNow(deps, entry, roles)));
}

/**
 * Why the stored request of `entry` may not be sent now, or null: the version in force refuses
 * it (its destination is no longer an ACTIVE entry where a rule asks for one, or a rule refuses
 * such sends now).
 */
export async function policyStop(deps: ApprovalDeps, entry: JournalEntry): Promise<string | null> {
  return (await decideNow(deps, entry))?.refusal ?? null;
}

/**
 * Claims an UNKNOWN or REJECTED entry for an operator's retry. A REJECTED one no longer counts
 * against its maker's limits; sent again, it counts once more: under the lock of those limits,
 * it is claimed only when it still fits in them (else 422 `limit-exceeded`, nothing sent; a
 * retry cannot wait for one more approver, so cloning it is the way). An UNKNOWN one counts
 * already.
 */
export async function claimForRetry(
  deps: ApprovalDeps,
  entry: JournalEntry,
  requestId: string,
): Promise<JournalEntry | undefined> {
  const from: JournalEntry['state'][] = ['UNKNOWN', 'REJECTED'];
  const body = bodyOf(entry);
  const maker = { username: entry.operator, role: await makerRole(deps, entry.operator) };
  const asset =
    entry.state === 'REJECTED'
      ? sendNeeds(deps.policy, entry.operation, body, maker).limitAsset
      : undefined;
  if (asset === undefined) return deps.journal.claim(entry.id, from, requestId);
  return deps.approvals.db.transaction(async (tx) => {
    await lockLimits(tx, 'initiate', maker.username, asset);
    const initiated = await initiatedSums(tx, maker.username, asset, deps.now());
    const over = limitChecks(deps.policy, {
      maker,
      body,
      operation: entry.operation,
      initiated,
    }).filter((limit) => limit.over);
    if (over.length > 0) {
      throw new ProblemError({
        status: 422,
        code: 'limit-exceeded',
        detail: `Not sent again: it would pass ${over.map(overWords).join(', and ')} of its maker. Clone it as a new request to have it approved.`,
        limits: over,
        journal: entry,
      });
    }
    return deps.journal.claim(entry.id, from, requestId, tx);
  });
}
