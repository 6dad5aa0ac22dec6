/**
 * The maker's limits as an occurrence meets them at its time (issue 63): a series was approved
 * once, but each occurrence counts against its maker's limits when it is sent, as a single send
 * does. The maker's role is read first (the directory, single sign-on's store); the sums are read
 * in the occurrence's journaling transaction under the lock of the maker's limits
 * (`lockLimits`), so that two sends of theirs at once cannot both pass a limit one fits in.
 */
import type { ApprovalDeps } from '../approvals/approval-deps';
import { makerRoles, type StoredRequest } from '../approvals/send-time-rules';
import type { Queryable } from '../db/db';
import { overWords } from '../rules/limit-words';
import { limitChecks, sendNeeds } from '../rules/rule-engine';
import { initiatedSums, lockLimits } from '../rules/window-sums';

/**
 * For a request about to be journaled: nothing when no limit can hold it, else what to ask in the
 * journaling transaction, which answers why it would pass a limit, or null.
 */
export type OccurrenceLimits = (
  request: StoredRequest,
) => Promise<((tx: Queryable) => Promise<string | null>) | null>;

export function occurrenceLimits(
  deps: Pick<ApprovalDeps, 'policy' | 'directory' | 'ssoOperators' | 'now'>,
): OccurrenceLimits {
  return async (request) => {
    const role = (await makerRoles(deps, [request.operator])).get(request.operator)!;
    const maker = { username: request.operator, role };
    const { policy } = deps;
    const asset = sendNeeds(policy, request.operation, request.body, maker).limitAsset;
    if (asset === undefined) return null;
    return async (tx) => {
      await lockLimits(tx, 'initiate', maker.username, asset);
      const initiated = await initiatedSums(tx, maker.username, asset, deps.now());
      const over = limitChecks(policy, { ...request, maker, initiated }).filter((l) => l.over);
      if (over.length === 0) return null;
      return `it would pass ${over.map(overWords).join(', and ')} of its maker`;
    };
  };
}
