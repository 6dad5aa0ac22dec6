/**
 * Reconciliation through the BFF's routes (issue 40), over a real sandbox: finance runs it over a
 * period and works the queue; an auditor reads it with a destination masked and may not act;
 * every refusal is problem details, never a 500.
 */
import { randomUUID } from 'node:crypto';
import {
  exampleInput,
  type ReconDifference,
  type ReconDifferenceDetail,
  type ReconExport,
  type ReconRun,
} from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
type Harness = Awaited<ReturnType<typeof sandboxHarness>>;
const harnesses: Harness[] = [];
afterAll(async () => {
  for (const h of harnesses) await h.close();
});

const get = async <T>(h: Harness, path: string, cookie: string) => {
  const res = await h.app.request(path, { headers: { Cookie: cookie } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: (await res.json()) as T,
  };
};

describe('reconciliation in the console', () => {
  it('runs over a period, shows both sides of a difference, resolves it once with a reason, and exports the period', async () => {
    const h = await sandboxHarness({ alg: 'EdDSA', secrets });
    harnesses.push(h);
    await h.db.exec(
      "delete from recon_events; delete from recon_differences; delete from recon_matches; delete from recon_run_records; delete from recon_runs; delete from job_leases where kind = 'reconcile';",
    );
    const finance = await h.signIn('finance');
    const auditor = await h.signIn('auditor');
    const from = new Date(Date.now() - 1_000).toISOString();
    const clean = await h.post('/api/operations/createInternalTransfer', finance, {
      ...exampleInput('createInternalTransfer'),
      ref_id: `routes-${randomUUID()}`,
    });
    const failed = await h.post('/api/operations/createInternalTransfer', finance, {
      ...exampleInput('createInternalTransfer'),
      amount: '7.00',
      ref_id: `routes-${randomUUID()}`,
    });
    const failedId = ((await failed.json()) as { data: { id: string } }).data.id;
    expect(clean.status).toBe(200);
    await h.control('POST', `/transfers/${failedId}/settle`, { status: 'FAILED' });
    await h.control('POST', '/clock', { advance_ms: 10_000 });
    const to = new Date(Date.now() + 60_000).toISOString();

    const started = await h.post('/api/reconciliation/runs', finance, { from, to });
    expect(started.status).toBe(201);
    const run = (await started.json()) as ReconRun;
    expect(run).toMatchObject({ from, to, started_by: 'finance' });
    await expect
      .poll(
        async () =>
          (
            await get<{ items: ReconRun[] }>(h, '/api/reconciliation/runs', finance)
          ).body.items.find((r) => r.id === run.id)?.state,
        { timeout: 15_000 },
      )
      .toBe('done');

    const queue = await get<{ items: ReconDifference[]; open_by_kind: Record<string, number> }>(
      h,
      '/api/reconciliation/differences',
      finance,
    );
    const status = queue.body.items.find((d) => d.record_id === failedId)!;
    expect(status).toMatchObject({
      kind: 'status',
      journal_value: 'SUCCEEDED',
      service_value: 'FAILED',
    });
    expect(queue.body.open_by_kind.status).toBeGreaterThanOrEqual(1);

    const detail = await get<ReconDifferenceDetail>(
      h,
      `/api/reconciliation/differences/${status.id}`,
      finance,
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.journal).toMatchObject({
      operation: 'createInternalTransfer',
      state: 'SUCCEEDED',
    });
    expect(detail.body.service).toMatchObject({ id: failedId, status: 'FAILED' });
    expect(detail.body.events.map((e) => e.kind)).toEqual(['opened']);

    // The auditor reads it, and may not act on it.
    expect((await get(h, `/api/reconciliation/differences/${status.id}`, auditor)).status).toBe(
      200,
    );
    const refused = await h.post(`/api/reconciliation/differences/${status.id}/resolve`, auditor, {
      reason: 'Seen.',
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');

    const short = await h.post(`/api/reconciliation/differences/${status.id}/resolve`, finance, {
      reason: 'ok',
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain('reason');
    const resolved = await h.post(`/api/reconciliation/differences/${status.id}/resolve`, finance, {
      reason: 'The bank returned it; refunded on 27 November.',
    });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({ status: 'resolved', resolved_by: 'finance' });
    const again = await h.post(`/api/reconciliation/differences/${status.id}/resolve`, finance, {
      reason: 'Twice.',
    });
    expect(again.status).toBe(409);

    const exported = await get<ReconExport>(
      h,
      `/api/reconciliation/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      finance,
    );
    expect(exported.status).toBe(200);
    const lines = exported.body.csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'kind,source,status,subject_at,record_type,record_id,journal_id,ref_id,journal_value,service_value,detail,resolved_by,resolution',
    );
    expect(lines.some((l) => l.startsWith('status,,resolved,') && l.includes(failedId))).toBe(true);
    // The clean send is a match, once.
    expect(lines.filter((l) => l.startsWith('match,'))).toHaveLength(1);
    expect(exported.body.summary.map((s) => s.kind).sort()).toEqual(['match', 'status']);
  });

  it('refuses a period the wrong way round or too long, an unknown difference, and support, in problem details', async () => {
    const h = await sandboxHarness({ alg: 'EdDSA', secrets });
    harnesses.push(h);
    const finance = await h.signIn('finance');
    for (const period of [
      { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' },
      { from: '2026-09-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
      { from: 'yesterday', to: '2026-11-01T00:00:00Z' },
    ]) {
      const res = await h.post('/api/reconciliation/runs', finance, period);
      expect(res.status, JSON.stringify(period)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await get(h, `/api/reconciliation/differences/${id}`, finance)).status).toBe(404);
    }
    const support = await h.signIn('support');
    expect((await get(h, '/api/reconciliation/differences', support)).status).toBe(403);
  });
});
