import type { ApprovalDeps } from '../approvals/approval-deps';
import { sweepExpired } from '../approvals/approval-flow';
import { createWorkQueue } from '../approvals/work-queue';
import type { RouteDef } from './route-table';

/**
 * `GET /api/work-queue`: the home page's "My requests" and "Needs attention". Every role may read
 * it (a viewer's own requests are simply none). Requests past their waiting limit are expired
 * first, so a maker polling here learns of the expiry as soon as it is due.
 */
export function workQueueRoutes(deps: ApprovalDeps): RouteDef[] {
  const waits = Object.values(deps.policy.rules).map((rule) =>
    rule?.max_wait_hours !== undefined ? rule.max_wait_hours * 3_600_000 : 0,
  );
  const queue = createWorkQueue(deps, Math.max(deps.policy.maxWaitMs, ...waits));
  return [
    {
      method: 'GET',
      path: '/api/work-queue',
      permission: { kind: 'read' },
      handler: async (c) => {
        await sweepExpired(deps);
        return c.json(await queue.read(c.get('operator')!, new Date(deps.now())));
      },
    },
  ];
}
