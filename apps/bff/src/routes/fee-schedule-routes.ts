import type { FeeSchedule, FeeScheduleResponse } from '@console/schemas';
import type { RouteDef } from './route-table';

/**
 * `GET /api/fee-schedule` (issue 67): the organisation's maker and taker rates per market, set by
 * `FEE_SCHEDULE`, which the order form and its review estimate fees at. Every role may read it:
 * it is the organisation's price list, not anyone's data.
 */
export function feeScheduleRoutes(schedule: FeeSchedule | undefined): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/fee-schedule',
      permission: { kind: 'read' },
      handler: (c) => {
        const body: FeeScheduleResponse = { schedule: schedule ?? null };
        return c.json(body);
      },
    },
  ];
}
