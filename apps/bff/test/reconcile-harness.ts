/**
 * Test support for reconciliation against a real sandbox over HTTP (issue 40, issue 64): a fresh
 * sandbox and BFF per test with the reconciliation tables emptied, sends through the console as
 * finance, and reconcilers on the test's clock (or hours after it, for what has been pending).
 */
import { randomUUID } from 'node:crypto';
import { exampleInput, type WriteOperationId } from '@console/schemas';
import { afterAll, expect } from 'vitest';
import type { Db } from '../src/db/db';
import { logCollector } from './harness';
import { sandboxHarness, type RunSecrets } from './sandbox-harness';
import type { ReconcilerOptions } from '../src/reconcile/reconcile-options';
import { createReconciler } from '../src/reconcile/reconciler';

export const HOUR = 3_600_000;

export const RECONCILE_OPTIONS: ReconcilerOptions = {
  spacingMs: 0,
  timeoutMs: 5_000,
  leaseMs: 30_000,
  pendingLimitMs: { transfer: HOUR, order: HOUR, orchestration: HOUR },
};

/** A run's period: from just before the test's first send to an hour ahead. */
export const period = (startedAt: number) => ({
  from: new Date(startedAt - 1_000).toISOString(),
  to: new Date(Date.now() + HOUR).toISOString(),
});

export type ReconcileHarness = Awaited<ReturnType<typeof sandboxHarness>>;

/** Registers the closing of every harness it starts; `setUp` starts one per test. */
export function reconcileSandboxes() {
  const secrets: RunSecrets = { values: new Set(), tokens: 0 };
  const harnesses: ReconcileHarness[] = [];
  afterAll(async () => {
    for (const h of harnesses) await h.close();
  });

  /** A fresh sandbox and BFF, over `db` (one of `testDatabases`) or the file's shared PGlite. */
  async function setUp(db?: Db) {
    const h = await sandboxHarness({ alg: 'EdDSA', secrets, ...(db ? { db } : {}) });
    harnesses.push(h);
    await h.db.exec(
      "delete from recon_events; delete from recon_differences; delete from recon_run_records; delete from recon_runs; delete from job_leases where kind = 'reconcile';",
    );
    const finance = await h.signIn('finance');
    /** A send through the console, its example input with `over`; the service's answer. */
    const send = async (operation: WriteOperationId, over: Record<string, unknown> = {}) => {
      const sent = await h.post(`/api/operations/${operation}`, finance, {
        ...exampleInput(operation),
        ref_id: `recon-${randomUUID()}`,
        ...over,
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
      return ((await sent.json()) as { data: Record<string, unknown> & { id: string } }).data;
    };
    /** An internal transfer through the console; its debit. */
    const transfer = async (amount: string) =>
      (await send('createInternalTransfer', { amount })) as { id: string; ref_id: string };
    /** A reconciler of process `owner`, its clock `later` ms ahead of the test's. */
    const reconciler = (owner: string, over: Partial<ReconcilerOptions> = {}, later = 0) =>
      createReconciler(
        {
          db: h.db,
          client: h.client,
          owner,
          logger: logCollector().logger,
          now: () => Date.now() + later,
        },
        { ...RECONCILE_OPTIONS, ...over },
      );
    return { h, send, transfer, reconciler };
  }
  return { setUp, secrets };
}
