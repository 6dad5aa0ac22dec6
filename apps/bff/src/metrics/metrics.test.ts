import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('metrics', () => {
  it('reads the audit trail’s pending records and the seal’s lag at each scrape', async () => {
    let pending: { count: number; oldestAt: string | null; lagSeconds: number } = {
      count: 3,
      oldestAt: '2026-12-07T10:00:00.000Z',
      lagSeconds: 0.75,
    };
    const metrics = createMetrics({
      backlog: async () => ({ sendingPastLease: 0, unknown: 0, awaitingApproval: 0 }),
      auditPending: async () => pending,
    });
    const text = async () => (await metrics.render()).text;
    expect(await text()).toMatch(/^console_audit_pending_records 3$/m);
    expect(await text()).toMatch(/^console_audit_seal_lag_seconds 0\.75$/m);
    pending = { count: 0, oldestAt: null as string | null, lagSeconds: 0 };
    expect(await text()).toMatch(/^console_audit_seal_lag_seconds 0$/m);
  });
});
