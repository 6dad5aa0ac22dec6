/**
 * The Insights page's figures (issue 62), read from the rollups the journal's writes keep
 * (ADR 036): never a scan of the journal per request. Each route takes a period of whole UTC
 * days (`from`, `to`, both included, at most `INSIGHTS_MAX_DAYS`); a bad one is a 400 problem.
 */
import { InsightsPeriodQuerySchema, parseWith } from '@console/schemas';
import type { Queryable } from '../db/db';
import { problems } from '../errors';
import { createInsightsStore } from '../insights/insights-store';
import type { RouteDef } from './route-table';

export function insightsRoutes(deps: { db: Queryable }): RouteDef[] {
  const store = createInsightsStore(deps.db);
  return [
    {
      method: 'GET',
      path: '/api/insights/money-moved',
      permission: { kind: 'money-insights' },
      handler: async (c) => {
        const parsed = parseWith(InsightsPeriodQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        return c.json(await store.moneyMoved(parsed.value));
      },
    },
  ];
}
