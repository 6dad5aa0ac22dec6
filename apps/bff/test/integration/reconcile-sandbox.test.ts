/**
 * Reconciliation against a real sandbox over HTTP (issue 40): sends made through the console, and
 * the differences the sandbox's control endpoints make (a transfer failed after the console
 * recorded success, a deposit, a transfer by another client, a transfer left pending), each found
 * once and of its kind; nothing found of the clean sends; a run cut mid-way resumed by another
 * process without reading again what was read.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_IDS, exampleInput, operations } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { logCollector } from '../harness';
import {
  HOUR,
  period,
  RECONCILE_OPTIONS as OPTIONS,
  reconcileSandboxes,
} from '../reconcile-harness';
import { createReconciler } from '../../src/reconcile/reconciler';

const { setUp } = reconcileSandboxes();

describe('reconciliation against the sandbox', () => {
  it('finds each kind of difference once, and nothing of the sends that match', async () => {
    const { h, transfer, reconciler } = await setUp();
    const startedAt = Date.now();
    const clean = [await transfer('10.00'), await transfer('11.00'), await transfer('12.00')];
    // The service's staff correct one after the console recorded it.
    const changed = await transfer('15.00');
    await h.control('PATCH', `/transfers/${changed.id}`, { amount: '15.01' });
    const failed = await transfer('13.00');
    // The console recorded success; the service fails it afterwards.
    await h.control('POST', `/transfers/${failed.id}/settle`, { status: 'FAILED' });
    // Another client of the same account: the journal has no entry of it.
    const op = operations.createInternalTransfer;
    const outside = await h.client.send({
      method: op.method,
      path: op.path,
      body: JSON.stringify({
        ...exampleInput('createInternalTransfer'),
        ref_id: `other-${randomUUID()}`,
      }),
      scope: op.scope,
      timeoutMs: 5_000,
      requestId: randomUUID(),
    });
    const outsideId = (
      JSON.parse((outside.kind === 'answered' ? outside.text : undefined) ?? '{}') as { id: string }
    ).id;
    // The rest (the other client's too) settle by the service's clock.
    await h.control('POST', '/clock', { advance_ms: 10_000 });
    const deposit = await h.control<{ transfer: { id: string } }>('POST', '/deposits', {
      asset: 'BTC',
      amount: '0.25',
      profile_id: exampleInput('createInternalTransfer').from_profile_id,
    });
    // A deposit of USDP to the sweep rule's source: the service starts an orchestration itself.
    const rules = await h.control<{
      rules: { id: string; source: { crypto?: { address_id?: string } } }[];
    }>('GET', '/state');
    const sweep = rules.rules.find((r) => r.id === DEMO_IDS.rules.sweep)!;
    const swept = await h.control<{ transfer: { id: string }; orchestrations: { id: string }[] }>(
      'POST',
      '/deposits',
      { asset: 'USDP', amount: '40', deposit_address_id: sweep.source.crypto!.address_id! },
    );
    expect(swept.orchestrations).toHaveLength(1);
    await h.control('POST', '/clock', { advance_ms: 10_000 });
    // Left pending: two hours later (the run's clock) it has been pending too long.
    const pending = await transfer('14.00');

    const r = reconciler('process-a', {}, 2 * HOUR);
    const runId = await r.start(period(startedAt), 'fiona');
    const outcome = await r.turn();
    expect(outcome).not.toBeNull();
    const queue = await r.store.list({ status: 'open', limit: 100 });
    const found = queue.map((d) => `${d.kind}${d.source ? `/${d.source}` : ''} ${d.record_id}`);
    // The other client's transfer is two records, its debit and its credit: one difference, its
    // debit's, naming its credit leg (issue 64).
    const state = await h.control<{ transfers: { id: string; group_id?: string }[] }>(
      'GET',
      '/state',
    );
    const group = state.transfers.find((t) => t.id === outsideId)!.group_id;
    const outsideLegs = state.transfers.filter((t) => t.group_id === group).map((t) => t.id);
    expect(outsideLegs).toHaveLength(2);
    // The rule's orchestration is one difference: its legs are its own, not differences apart.
    expect(found.sort()).toEqual(
      [
        `amount ${changed.id}`,
        `status ${failed.id}`,
        `unjournaled/deposit ${deposit.transfer.id}`,
        `unjournaled/deposit ${swept.transfer.id}`,
        `unjournaled/rule ${swept.orchestrations[0]!.id}`,
        `unjournaled/other ${outsideId}`,
        `pending ${pending.id}`,
      ].sort(),
    );
    expect(queue.find((d) => d.record_id === outsideId)!.legs.map((leg) => leg.id)).toEqual(
      outsideLegs.filter((id) => id !== outsideId),
    );
    const amount = queue.find((d) => d.kind === 'amount')!;
    expect([amount.journal_value, amount.service_value]).toEqual(['15.00', '15.01']);
    for (const c of clean) expect(queue.some((d) => d.ref_id === c.ref_id)).toBe(false);
    const [run] = await h.db.query<{ state: string; reads: number }>(
      'select state, reads from recon_runs where id = $1',
      [runId],
    );
    expect(run).toMatchObject({ state: 'done' });

    // A second run of the same period queues nothing again.
    const again = reconciler('process-a', {}, 2 * HOUR);
    await again.start(period(startedAt), 'fiona');
    expect(await again.turn()).toMatchObject({ opened: 0, reopened: 0 });
    expect(await r.store.list({ status: 'open', limit: 100 })).toHaveLength(queue.length);
  });

  it('resumes a run cut mid-way in another process, reading nothing twice', async () => {
    const { h, transfer, reconciler } = await setUp();
    const startedAt = Date.now();
    for (let i = 0; i < 3; i++) await transfer(`2${i}.00`);
    const before = (await h.log()).requests.length;
    // Process a dies after its first read: no answer ever comes to its second.
    let reads = 0;
    const dying = createReconciler(
      {
        db: h.db,
        client: {
          send: async (request) => {
            if (++reads > 1) throw new Error('the process was killed');
            return h.client.send(request);
          },
        },
        owner: 'process-a',
        logger: logCollector().logger,
      },
      { ...OPTIONS, leaseMs: 1_000 },
    );
    const runId = await dying.start(period(startedAt), 'fiona');
    await expect(dying.turn()).rejects.toThrow('killed');
    const [cut] = await h.db.query<{ position: { step: number } }>(
      'select position from recon_runs where id = $1',
      [runId],
    );
    expect(cut!.position.step).toBe(1);
    // Its lease runs out; process b takes the run up from step 1.
    await new Promise((r) => setTimeout(r, 1_100));
    const b = reconciler('process-b');
    expect(await b.turn()).not.toBeNull();
    const served = (await h.log()).requests
      .slice(before)
      .filter((r) => r.method === 'GET')
      .map((r) => r.path.split('?')[0]);
    // One group of ref_ids, then the period's three lists: four reads in all, none twice.
    expect(served).toEqual([
      '/v2/transfer/transfers',
      '/v2/transfer/transfers',
      '/v2/orders',
      '/v2/orchestration/orchestrations',
    ]);
  });

  // 1,000 transfers made and read back at the pace: about 10 s alone, several times that on a
  // machine busy with other suites.
  it('finds nothing of 1,000 clean transfers and 3 orchestrations, reading in groups of 100 ref_ids no faster than its pace', async () => {
    const { h, reconciler } = await setUp();
    const finance = await h.signIn('finance');
    const startedAt = Date.now();
    const refs: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      const ref = `clean-${i}-${randomUUID()}`;
      refs.push(ref);
      const sent = await h.post('/api/operations/createSvcTransfer', finance, {
        ...exampleInput('createSvcTransfer'),
        amount: `0.${String(i + 1).padStart(4, '0')}`,
        ref_id: ref,
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
    }
    // And three orchestrations, whose legs are the service's own transfers.
    for (let i = 0; i < 3; i++) {
      const sent = await h.post('/api/operations/createOrchestration', finance, {
        ...exampleInput('createOrchestration'),
        ref_id: `clean-orchestration-${i}-${randomUUID()}`,
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
    }
    await h.control('POST', '/clock', { advance_ms: 60_000 });
    const before = (await h.log()).requests.length;
    const r = reconciler('process-a', { spacingMs: 150 });
    await r.start(period(startedAt), 'fiona');
    const outcome = await r.turn();
    expect(outcome).toMatchObject({ found: 0, opened: 0 });
    const [run] = await h.db.query<{ matched: number }>(
      "select matched from recon_runs where started_by = 'fiona'",
    );
    expect(run!.matched).toBe(1_003);
    const reads = (await h.log()).requests
      .slice(before)
      .filter((q) => (q.headers['x-request-id'] ?? '').startsWith('reconcile-'));
    // Ten groups of 100 ref_ids, then the period's transfers (both legs of each: pages of 1,000),
    // orders and orchestrations.
    const paths = reads.map((q) => q.path.split('?')[0]);
    expect(reads.filter((q) => q.path.includes('ref_ids='))).toHaveLength(10);
    expect(paths.slice(-2)).toEqual(['/v2/orders', '/v2/orchestration/orchestrations']);
    expect(paths.filter((p) => p === '/v2/transfer/transfers').length).toBeGreaterThanOrEqual(12);
    // Spaced at the sending end: at the service, within a request's transit time of it, and never
    // faster over the run than one read per 150 ms.
    const at = reads.map((q) => Date.parse(q.at));
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100);
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual((reads.length - 1) * 150 - 50);
  }, 120_000);

  it('ends a run failed, with why, when the service refuses its read, and goes on with the next', async () => {
    const { h, reconciler } = await setUp();
    const refusing = createReconciler(
      {
        db: h.db,
        client: {
          send: async () => ({
            kind: 'answered',
            status: 403,
            body: { title: 'Forbidden' },
            text: '{"title":"Forbidden"}',
            attempts: 1,
            retried: false,
          }),
        },
        owner: 'process-a',
        logger: logCollector().logger,
      },
      OPTIONS,
    );
    const failed = await refusing.start(period(Date.now()), 'fiona');
    expect(await refusing.turn()).toBeNull();
    const [run] = await h.db.query<{ state: string; error: string }>(
      'select state, error from recon_runs where id = $1',
      [failed],
    );
    expect(run).toMatchObject({ state: 'failed', error: expect.stringContaining('403') });
    // The next run of the same lease holder is not held up by it.
    const next = reconciler('process-a');
    const ok = await next.start(period(Date.now()), 'fiona');
    expect(await next.turn()).not.toBeNull();
    const [done] = await h.db.query<{ state: string }>(
      'select state from recon_runs where id = $1',
      [ok],
    );
    expect(done!.state).toBe('done');
  });
});
