/**
 * Batches paced across processes (issue 39): two BFF processes on one PostgreSQL each send a
 * batch of internal transfers at the same time (one process per batch, by the batches' leases),
 * drawing their slots from the one pacer in the database. The sandbox's request log shows the
 * two batches' requests interleaved, and no one-second window holding more than the service's
 * limit of 20 internal transfers.
 */
import { join } from 'node:path';
import { DEMO_IDS, type Batch } from '@console/schemas';
import type { RequestLogEntry } from '@console/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { batchRefId } from '../../src/batches/batch-row-queue';
import { spawnBff, until, type BffProcess } from '../bff-process';
import { TEST_PASSWORDS } from '../harness';
import { startPgCluster } from '../pg-cluster';
import { startSignedService } from '../signed-service';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const ROWS = 120;
/** The service's limit of `/v2/transfer/internal`, a second (svc-api.md, appendix). */
const LIMIT = 20;
const { treasury, payouts } = DEMO_IDS.profiles;

const fileOf = (name: string) =>
  [
    'from_profile_id,to_profile_id,asset,amount,metadata.batch',
    ...Array.from(
      { length: ROWS },
      (_, i) => `${treasury},${payouts},USD,2.${String(i % 100).padStart(2, '0')},${name}-${i + 1}`,
    ),
    '',
  ].join('\n');

/** The most requests any window of one second (from any request's arrival on) holds. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('two batches sent by two processes at once', () => {
  it('never put more than the service’s limit into any one second', async () => {
    const pg = await startPgCluster();
    cleanup.push(() => pg.stop());
    const service = await startSignedService('batch-pacing');
    cleanup.push(() => service.sandbox.close());
    const env = {
      ...service.env(),
      DATABASE_URL: pg.url,
      CONSOLE_POLICY_FILE: service.writePolicy({
        operations: { createInternalTransfer: { required: false } },
      }),
      LOG_LEVEL: 'warn',
    };
    const [a, b] = await Promise.all(
      (['a', 'b'] as const).map((name) =>
        spawnBff(name, { ...env, DATA_DIR: join(service.dir, name) }),
      ),
    );
    cleanup.push(() => {
      a!.child.kill('SIGKILL');
      b!.child.kill('SIGKILL');
    });

    const upload = async (bff: BffProcess, name: string) => {
      const finance = await bff.signIn('finance', TEST_PASSWORDS.finance);
      const res = await bff.post('/api/batches', finance, {
        operation: 'createInternalTransfer',
        file_name: `${name}.csv`,
        text: fileOf(name),
      });
      expect(res.status, bff.output.join('').slice(-3000)).toBe(201);
      return {
        batch: (await res.json()) as Batch,
        admin: await bff.signIn('admin', TEST_PASSWORDS.admin),
      };
    };
    const first = await upload(a!, 'first');
    const second = await upload(b!, 'second');
    // Approved at once, each at its own process (which wakes its sender).
    const approvals = await Promise.all([
      a!.post(`/api/batches/${first.batch.id}/approve`, first.admin, {
        rows_hash: first.batch.rows_hash,
      }),
      b!.post(`/api/batches/${second.batch.id}/approve`, second.admin, {
        rows_hash: second.batch.rows_hash,
      }),
    ]);
    expect(approvals.map((r) => r.status)).toEqual([200, 200]);

    const cookie = await a!.signIn('finance', TEST_PASSWORDS.finance);
    for (const { batch } of [first, second]) {
      await until(
        `batch ${batch.file_name} to be done`,
        async () => {
          const seen = (await (await a!.get(`/api/batches/${batch.id}`, cookie)).json()) as Batch;
          return seen.state === 'done' ? seen : undefined;
        },
        120_000,
        500,
      );
    }

    const log = (
      (await (await fetch(`${service.sandbox.url}/sandbox/log`)).json()) as {
        requests: RequestLogEntry[];
      }
    ).requests.filter((r) => r.method === 'POST' && r.path === '/v2/transfer/internal');
    expect(log).toHaveLength(2 * ROWS);
    const refOf = (r: RequestLogEntry) => (JSON.parse(r.body) as { ref_id: string }).ref_id;
    const firstRefs = new Set(
      Array.from({ length: ROWS }, (_, i) => batchRefId(first.batch.id, i + 1)),
    );
    const timesOf = (mine: boolean) =>
      log.filter((r) => firstRefs.has(refOf(r)) === mine).map((r) => Date.parse(r.at));
    const [ofFirst, ofSecond] = [timesOf(true), timesOf(false)];
    expect(ofFirst).toHaveLength(ROWS);
    expect(ofSecond).toHaveLength(ROWS);
    // At the same time: each batch's requests began before the other's ended.
    expect(Math.min(...ofSecond)).toBeLessThan(Math.max(...ofFirst));
    expect(Math.min(...ofFirst)).toBeLessThan(Math.max(...ofSecond));
    const busiest = busiestSecond(log.map((r) => Date.parse(r.at)));
    expect(busiest).toBeLessThanOrEqual(LIMIT);
    // Paced, not trickled: the pacer's 16 a second is used.
    expect(busiest).toBeGreaterThanOrEqual(12);
  }, 300_000);
});
