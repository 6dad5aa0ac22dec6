/**
 * Limits per operator across BFF processes (issue 37): two real processes from the sources on a
 * throw-away PostgreSQL cluster, the sandbox over HTTP, and 50 sends of one operator at the same
 * moment, spread over both, against a limit that fits 10. The limit is summed under an advisory
 * lock per operator and asset in the transaction that journals each send, so exactly 10 leave.
 */
import { join } from 'node:path';
import { exampleInput, type JournalEntry, type JournalPage } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, type BffProcess } from '../bff-process';
import { TEST_PASSWORDS } from '../harness';
import { startPgCluster, type PgCluster } from '../pg-cluster';
import { startSignedService, type SignedService } from '../signed-service';

interface SandboxState {
  transfers: { ref_id?: string; direction: string }[];
}

describe('limits per operator over two BFF processes on one PostgreSQL', () => {
  let pg: PgCluster;
  let service: SignedService;
  let sandbox: SignedService['sandbox'];
  let a: BffProcess;
  let b: BffProcess;
  const started: BffProcess[] = [];

  beforeAll(async () => {
    pg = await startPgCluster();
    service = await startSignedService('bff-limits');
    sandbox = service.sandbox;
    // Internal transfers go at once; 100 USD a day each for finance (past it: refused) and for
    // admin (past it: held for one more approver, from finance).
    const limit = { side: 'initiate', asset: 'USD', window: '24h', max: '100' };
    const policyFile = service.writePolicy({
      operations: { createInternalTransfer: { required: false } },
      limits: [
        { ...limit, role: 'finance', over: 'refuse' },
        { ...limit, role: 'admin', over: 'escalate', lift_roles: ['finance'] },
      ],
    });
    const env = {
      ...service.env(),
      DATABASE_URL: pg.url,
      CONSOLE_POLICY_FILE: policyFile,
      SEND_RATE_PER_MINUTE: '600',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([
      spawnBff('a', { ...env, DATA_DIR: join(service.dir, 'a') }),
      spawnBff('b', { ...env, DATA_DIR: join(service.dir, 'b') }),
    ]);
    started.push(a, b);
  }, 180_000);

  afterAll(async () => {
    for (const bff of started) bff.child.kill('SIGKILL');
    await Promise.all(started.map((bff) => bff.exited));
    await sandbox?.close();
    await pg?.stop();
  });

  /** 50 sends of 10 USD by `username`, all at once, alternating between the two processes. */
  async function fifty(username: 'finance' | 'admin') {
    const cookie = await a.signIn(username, TEST_PASSWORDS[username]);
    const body = { ...exampleInput('createInternalTransfer'), amount: '10' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await (i % 2 === 0 ? a : b).post(
          '/api/operations/createInternalTransfer',
          cookie,
          body,
        );
        const answer = (await res.json()) as { journal?: JournalEntry; code?: string };
        return { status: res.status, ...answer };
      }),
    );
    const journal = (await (
      await b.get(`/api/journal?operator=${username}&limit=500`, cookie)
    ).json()) as JournalPage;
    const state = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as SandboxState;
    const refs = new Set(journal.items.map((e) => e.ref_id));
    const debits = state.transfers.filter(
      (t) => t.direction === 'DEBIT' && refs.has(t.ref_id ?? null),
    );
    return { answers, journal: journal.items, debits };
  }

  const count = (answers: { status: number }[], status: number) =>
    answers.filter((answer) => answer.status === status).length;

  it('a refusing limit: exactly 10 leave, 40 are refused and leave no trace', async () => {
    const { answers, journal, debits } = await fifty('finance');
    expect(count(answers, 200)).toBe(10);
    expect(count(answers, 422)).toBe(40);
    expect(answers.filter((r) => r.status === 422).every((r) => r.code === 'limit-exceeded')).toBe(
      true,
    );
    expect(journal.map((e) => e.state)).toEqual(Array(10).fill('SUCCEEDED'));
    expect(debits).toHaveLength(10);
  }, 120_000);

  it('an escalating limit: exactly 10 leave, 40 wait for one more approver', async () => {
    const { answers, journal, debits } = await fifty('admin');
    expect(count(answers, 200)).toBe(10);
    expect(count(answers, 202)).toBe(40);
    expect(journal.filter((e) => e.state === 'SUCCEEDED')).toHaveLength(10);
    expect(journal.filter((e) => e.state === 'AWAITING_APPROVAL')).toHaveLength(40);
    expect(debits).toHaveLength(10);
  }, 120_000);
});
