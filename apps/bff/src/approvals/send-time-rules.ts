/**
 * The rules asked again when stored bytes are about to be sent once more, after the send that
 * journaled them was decided (issue 37): at every send of an approved entry, at an operator's
 * retry and before the resolver sends an entry again. The destination must still be allowed (an
 * entry of the book revoked while the send waited stops it); and a refused entry sent again
 * counts against its maker's limits once more, so it must still fit in them.
 */
import type { JournalEntry, Role } from '@console/schemas';
import { standingNow } from '../destinations/destination-standing';
import { ProblemError } from '../errors';
import { destinationCheck, destinationRefusal, limitChecks, sendNeeds } from '../rules/rule-engine';
import { overWords } from '../rules/limit-words';
import { initiatedSums, lockLimits } from '../rules/window-sums';
import { bodyFields } from '../send/operation-table';
import { destinationOf } from '@console/schemas';
import type { ApprovalDeps } from './approval-deps';

/** The role the maker of an entry holds now (a viewer's when they hold none: no role limits). */
async function makerRole(deps: ApprovalDeps, username: string): Promise<Role> {
  const local = deps.directory.find(username)?.role;
  if (local) return local;
  const sso = await deps.ssoOperators?.roles([username]);
  return sso?.get(username) ?? 'viewer';
}

const bodyOf = (entry: JournalEntry) => {
  try {
    return bodyFields(entry.request_body);
  } catch {
    return {};
  }
};

/**
 * Why the stored request of `entry` may not go to its destination now, or null: where the policy
 * asks for the book, the destination must be an ACTIVE entry at this moment.
 */
export async function destinationStop(
  deps: ApprovalDeps,
  entry: JournalEntry,
): Promise<string | null> {
  const body = bodyOf(entry);
  const needs = sendNeeds(deps.policy, entry.operation, body, { username: '', role: 'viewer' });
  if (!needs.destination?.required) return null;
  const standing = await standingNow(deps.destinations, needs.destination.target, deps.now());
  const check = destinationCheck(deps.policy, entry.operation, body, standing);
  return destinationRefusal(check, standing, destinationOf(entry.operation, body)?.asset);
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
