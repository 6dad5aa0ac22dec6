import { maxWaitHoursOf } from '@console/schemas';
import { allows } from '../access/permissions';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { sweepExpired } from '../approvals/approval-flow';
import { createWorkQueue } from '../approvals/work-queue';
import { createReconStore } from '../reconcile/recon-store';
import type { RouteDef } from './route-table';

/**
 * `GET /api/work-queue`: the home page's "My requests" and "Needs attention". Every role may read
 * it (a viewer's own requests are simply none); those who may read reconciliation also get its
 * open differences counted by kind. Requests past their waiting limit are expired
 * first, so a maker polling here learns of the expiry as soon as it is due.
 */
export function workQueueRoutes(deps: ApprovalDeps): RouteDef[] {
  const { document } = deps.policy;
  const waits = [...document.rules.map((rule) => rule.action), document.default_rule].map(
    (action) => (maxWaitHoursOf(document, action) ?? 0) * 3_600_000,
  );
  const queue = createWorkQueue(deps, Math.max(deps.policy.maxWaitMs, ...waits));
  const recon = createReconStore(deps.approvals.db);
  return [
    {
      method: 'GET',
      path: '/api/work-queue',
      permission: { kind: 'read' },
      handler: async (c) => {
        await sweepExpired(deps);
        const operator = c.get('operator')!;
        const read = await queue.read(operator, new Date(deps.now()));
        // Open differences are counted only for those who may open them.
        if (!allows(operator.role, { kind: 'reconcile', act: false })) return c.json(read);
        return c.json({ ...read, reconciliation: { open_by_kind: await recon.openByKind() } });
      },
    },
  ];
}
