/**
 * A batch sent exactly once through crashes (issue 39): a 500-row file with 12 bad rows excluded,
 * approved once, and the BFF process killed (SIGKILL) three times while it sends. Each next life
 * takes the sending up where the journal says it was, the resolver settles the rows a kill cut
 * between the journal and the answer, and a second upload of the same file is recognised. The
 * sandbox then holds exactly 488 transfers, one per row sent, each under its row's ref_id, and
 * the results CSV says the same, row for row.
 */
import { join } from 'node:path';
import { DEMO_IDS, type Batch } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { batchRefId } from '../../src/batches/batch-row-queue';
import { spawnBff, until, type BffProcess } from '../bff-process';
import { privatePostgres } from '../databases';
import { TEST_PASSWORDS } from '../harness';
import { startSignedService } from '../signed-service';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const ROWS = 500;
/** Every 41st row has an amount the check refuses (12 of them): they are excluded. */
const BAD = Array.from({ length: ROWS }, (_, i) => i + 1).filter((row) => row % 41 === 0);
const { treasury, payouts } = DEMO_IDS.profiles;

const text = [
  'from_profile_id,to_profile_id,asset,amount,metadata.batch_row',
  ...Array.from({ length: ROWS }, (_, i) => {
    const row = i + 1;
    const amount = BAD.includes(row) ? '1e3' : `1.${String(row % 100).padStart(2, '0')}`;
    return `${treasury},${payouts},USD,${amount},${row}`;
  }),
  '',
].join('\n');

interface SandboxTransfer {
  id: string;
  ref_id?: string;
  direction: string;
}

const url = process.env.TEST_DATABASE_URL;

/** Embedded PGlite, and a PostgreSQL server when `TEST_DATABASE_URL` names one. */
const DATABASES: { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: 'PGlite', env: async () => ({}) },
  ...(url
    ? [
        {
          name: 'PostgreSQL',
          env: async () => {
            const server = await privatePostgres(url);
            cleanup.push(() => server.drop());
            // A killed process's leases run out soon, and the resolver looks often.
            return {
              DATABASE_URL: server.url,
              SEND_LEASE_SECONDS: '2',
              RESOLVER_INTERVAL_SECONDS: '0.5',
            };
          },
        },
      ]
    : []),
];

describe.each(DATABASES)('a batch whose sender is killed three times, on $name', (database) => {
  it('sends each included row exactly once, under its own ref_id, and reports it row for row', async () => {
    const service = await startSignedService('batch-crash');
    cleanup.push(() => service.sandbox.close());
    const env = {
      ...service.env(),
      ...(await database.env()),
      DATA_DIR: join(service.dir, 'data'),
      CONSOLE_POLICY_FILE: service.writePolicy({
        operations: { createInternalTransfer: { required: false } },
      }),
    };
    const debits = async () =>
      (
        (await (await fetch(`${service.sandbox.url}/sandbox/state`)).json()) as {
          transfers: SandboxTransfer[];
        }
      ).transfers.filter((t) => t.direction === 'DEBIT');
    const life = async (name: string) => {
      const bff = await spawnBff(name, env);
      cleanup.push(() => void bff.child.kill('SIGKILL'));
      return bff;
    };
    const kill = async (bff: BffProcess) => {
      bff.child.kill('SIGKILL');
      await bff.exited;
    };

    // The sandbox's demo data holds transfers of its own: only what the batch adds is counted.
    const before = new Set((await debits()).map((t) => t.id));
    let bff = await life('first');
    const finance = await bff.signIn('finance', TEST_PASSWORDS.finance);
    const upload = { operation: 'createInternalTransfer', file_name: 'month-end.csv', text };
    const refused = await bff.post('/api/batches', finance, upload);
    expect(refused.status).toBe(422);
    const created = await bff.post('/api/batches', finance, { ...upload, exclude_rows: BAD });
    expect(created.status).toBe(201);
    const batch = (await created.json()) as Batch;
    expect(batch.counts).toMatchObject({ waiting: ROWS - BAD.length, excluded: BAD.length });
    const admin = await bff.signIn('admin', TEST_PASSWORDS.admin);
    const approved = await bff.post(`/api/batches/${batch.id}/approve`, admin, {
      rows_hash: batch.rows_hash,
    });
    expect(approved.status).toBe(200);

    // Killed three times while rows leave, each life a little further on.
    for (const [at, next] of [
      [60, 'second'],
      [200, 'third'],
      [350, 'fourth'],
    ] as const) {
      await until(
        `${at} transfers`,
        async () => ((await debits()).length - before.size >= at ? true : undefined),
        120_000,
        50,
      );
      await kill(bff);
      bff = await life(next);
    }

    const cookie = await bff.signIn('finance', TEST_PASSWORDS.finance);
    const done = await until(
      'the batch to be done',
      async () => {
        const res = await bff.get(`/api/batches/${batch.id}`, cookie);
        const seen = (await res.json()) as Batch;
        return seen.state === 'done' && seen.counts.succeeded === ROWS - BAD.length
          ? seen
          : undefined;
      },
      180_000,
      500,
    );
    expect(done.counts).toMatchObject({
      succeeded: 488,
      excluded: 12,
      waiting: 0,
      sent: 0,
      unknown: 0,
      failed: 0,
    });

    // The same file again: recognised, nothing stored, nothing sent.
    const again = await bff.post('/api/batches', cookie, { ...upload, exclude_rows: BAD });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'batch-already-uploaded',
      batch_id: batch.id,
    });

    const held = (await debits()).filter((t) => !before.has(t.id));
    expect(held).toHaveLength(488);
    const byRef = new Map(held.map((t) => [t.ref_id!, t]));
    expect(byRef.size).toBe(488);
    const included = Array.from({ length: ROWS }, (_, i) => i + 1).filter(
      (row) => !BAD.includes(row),
    );
    expect([...byRef.keys()].sort()).toEqual(
      included.map((row) => batchRefId(batch.id, row)).sort(),
    );

    // The results CSV: one line per row, its ref_id, state and the service's id as the sandbox has it.
    const results = (await (await bff.get(`/api/batches/${batch.id}/results`, cookie)).json()) as {
      csv: string;
    };
    const lines = results.csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'row,from_profile_id,to_profile_id,asset,amount,metadata.batch_row,ref_id,state,service_id,error',
    );
    expect(lines).toHaveLength(ROWS + 1);
    for (const [i, line] of lines.slice(1).entries()) {
      const row = i + 1;
      const cells = line.split(',');
      expect(cells[0]).toBe(String(row));
      if (BAD.includes(row)) {
        // A row left out keeps its number and why, nothing of its cells (batch-kept.ts).
        expect(line).toMatch(
          new RegExp(
            `^${row},,,,,,,excluded,,"?Excluded at upload with problems: amount: .*plain decimal`,
          ),
        );
        continue;
      }
      expect(cells[5]).toBe(String(row));
      const ref = batchRefId(batch.id, row);
      expect(cells.slice(6)).toEqual([ref, 'succeeded', byRef.get(ref)!.id, '']);
    }
  }, 420_000);
});
