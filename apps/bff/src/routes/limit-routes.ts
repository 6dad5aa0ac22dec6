import type { LimitList, LimitStanding } from '@console/schemas';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { limitsFor } from '../rules/limit-rules';
import { standing } from '../rules/limit-words';
import { approvedSums, initiatedSums } from '../rules/window-sums';
import type { RouteDef } from './route-table';

/**
 * `GET /api/limits` (issue 37): the signed-in operator's limits, on what they initiate and what
 * they approve, and what is left of each now, summed from the journal as a send would sum them:
 * what a form shows before the operator has filled it in.
 */
export function limitRoutes(deps: ApprovalDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/limits',
      permission: { kind: 'read' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const now = deps.now();
        const db = deps.approvals.db;
        const items: LimitStanding[] = [];
        for (const side of ['initiate', 'approve'] as const) {
          const rules = limitsFor(deps.policy.limits, operator, side);
          const sum = side === 'initiate' ? initiatedSums : approvedSums;
          for (const asset of [...new Set(rules.map((rule) => rule.asset))]) {
            const sums = await sum(db, operator.username, asset, now);
            for (const rule of rules.filter((r) => r.asset === asset)) {
              items.push(standing(rule, sums[rule.window]));
            }
          }
        }
        const body: LimitList = { items };
        return c.json(body);
      },
    },
  ];
}
