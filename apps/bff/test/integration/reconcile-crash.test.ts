/**
 * A BFF process killed (SIGKILL) in the middle of a reconciliation run (issue 40): the next life
 * takes the run up from the step it had reached, and the service is not read again for what was
 * read and kept.
 */
import { join } from 'node:path';
import { exampleInput, type ReconRun } from '@console/schemas';
import type { RequestLogEntry } from '@console/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnBff, until, type BffProcess } from '../bff-process';
import { TEST_PASSWORDS } from '../harness';
import { startSignedService } from '../signed-service';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const SENDS = 250;

describe('a BFF killed in the middle of a reconciliation run', () => {
  it('is resumed by the next life from the step it reached, reading nothing it had kept', async () => {
    const service = await startSignedService('recon-crash');
    cleanup.push(() => service.sandbox.close());
    const env = {
      ...service.env(),
      DATA_DIR: join(service.dir, 'data'),
      CONSOLE_POLICY_FILE: service.writePolicy({
        operations: { createSvcTransfer: { required: false } },
      }),
      // 0.5 % of the service's limit: a read every 4 s, so the run is long enough to be cut.
      WATCH_SHARE_PERCENT: '0.5',
      // One operator sends all the run's transfers.
      SEND_RATE_PER_MINUTE: '10000',
    };
    const reconcileReads = async () =>
      (
        (await (await fetch(`${service.sandbox.url}/sandbox/log`)).json()) as {
          requests: RequestLogEntry[];
        }
      ).requests.filter((r) => (r.headers['x-request-id'] ?? '').startsWith('reconcile-'));
    const life = async (name: string) => {
      const bff = await spawnBff(name, env);
      cleanup.push(() => void bff.child.kill('SIGKILL'));
      return bff;
    };
    const runsOf = async (bff: BffProcess, cookie: string) =>
      ((await (await bff.get('/api/reconciliation/runs', cookie)).json()) as { items: ReconRun[] })
        .items;

    const first = await life('first');
    let cookie = await first.signIn('finance', TEST_PASSWORDS.finance);
    const from = new Date(Date.now() - 1_000).toISOString();
    for (let i = 0; i < SENDS; i++) {
      const sent = await first.post('/api/operations/createSvcTransfer', cookie, {
        ...exampleInput('createSvcTransfer'),
        amount: `0.${String(i + 1).padStart(4, '0')}`,
        ref_id: `crash-${i}-${Date.now()}`,
      });
      expect(sent.status).toBe(200);
    }
    const to = new Date(Date.now() + 3_600_000).toISOString();
    expect((await first.post('/api/reconciliation/runs', cookie, { from, to })).status).toBe(201);
    // Killed once two of its reads have been answered.
    await until('two reads of the run', async () =>
      (await reconcileReads()).length >= 2 ? true : undefined,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const before = (await reconcileReads()).length;

    const second = await life('second');
    cookie = await second.signIn('finance', TEST_PASSWORDS.finance);
    const [run] = await until(
      'the run to end in the second life',
      async () => {
        const runs = await runsOf(second, cookie);
        return runs[0]?.state === 'done' ? runs : undefined;
      },
      120_000,
      500,
    );
    expect(run).toMatchObject({ found: 0, matched: SENDS, started_by: 'finance' });

    // Three groups of ref_ids and the period's three lists: six reads. The second life read only
    // what the first had not kept: at most the one read the kill cut short is read twice.
    const reads = await reconcileReads();
    const after = reads.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(reads.length).toBeGreaterThanOrEqual(6);
    expect(reads.length).toBeLessThanOrEqual(7);
    const groups = reads.filter((r) => r.path.includes('ref_ids='));
    expect(new Set(groups.map((r) => r.path)).size).toBe(3);
  }, 240_000);
});
