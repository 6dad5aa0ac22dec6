import { exampleInput, type JournalEntry } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import { buildPolicy } from './policy';
import { type PolicyFile } from './policy-file';

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });

/**
 * Two apps on one database, as two BFF processes are, each with its own pool of connections, and
 * one scripted service. PGlite is one process's database: there, one app takes every request.
 */
async function twoProcesses(db: Db | undefined, second: Db | undefined, file: PolicyFile) {
  const scripted = scriptedClient(echoSuccess);
  const policy = buildPolicy(file);
  const start = Date.UTC(2026, 10, 26, 9, 0, 0);
  const a = await approvalApp({ client: scripted.client, policy, start, ...(db ? { db } : {}) });
  const b = second ? await approvalApp({ client: scripted.client, policy, start, db: second }) : a;
  return { a, b, requests: scripted.requests };
}

describe.each(testDatabases)('limits under concurrency on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let second: Db | undefined;
  beforeAll(async () => {
    opened = await database.open();
    second = database.name === 'PGlite' ? undefined : await opened.second();
  });
  afterAll(async () => {
    await opened.close();
  });
  const first = () => (database.name === 'PGlite' ? undefined : opened.db);

  it.each(['refuse', 'escalate'] as const)(
    'twenty sends of one operator at once, over two processes, against a limit that fits five: five leave, the rest %s',
    async (over) => {
      await opened.db.exec('delete from journal_entries');
      const { a, b, requests } = await twoProcesses(first(), second, {
        operations: { createInternalTransfer: { required: false } },
        limits: [
          { role: 'finance', side: 'initiate', asset: 'USD', window: '24h', max: '500', over },
        ],
      });
      const statuses = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const via = i % 2 ? a : b;
          const res = await via.post(
            '/api/operations/createInternalTransfer',
            via.cookies.finance,
            transfer('100'),
          );
          return res.status;
        }),
      );
      const count = (status: number) => statuses.filter((s) => s === status).length;
      expect(count(200)).toBe(5);
      expect(count(over === 'refuse' ? 422 : 202)).toBe(15);
      expect(requests).toHaveLength(5);
    },
  );

  it('two approvals by one approver at once, over two processes, cannot both pass their limit', async () => {
    await opened.db.exec('delete from journal_entries');
    const { a, b, requests } = await twoProcesses(first(), second, {
      operations: { createInternalTransfer: { required: true } },
      limits: [{ operator: 'finance2', side: 'approve', asset: 'USD', window: '24h', max: '1000' }],
    });
    const held = async (amount: string) =>
      (
        (await (
          await a.post(
            '/api/operations/createInternalTransfer',
            a.cookies.finance,
            transfer(amount),
          )
        ).json()) as {
          journal: JournalEntry;
        }
      ).journal.id;
    const [one, two] = [await held('600'), await held('600')];
    const statuses = await Promise.all([a.approve(one, 'finance2'), b.approve(two, 'finance2')]);
    expect(statuses.map((res) => res.status).sort()).toEqual([200, 403]);
    expect(requests).toHaveLength(1);
  });
});

describe('sends no limit holds', () => {
  it('keep the batched, lock-free path: no transaction, no statement more than without limits', async () => {
    const shared = await sharedDb();
    const seen = { statements: 0, transactions: 0 };
    const counted: Db = {
      ...shared,
      query: (sql, params) => {
        seen.statements += 1;
        return shared.query(sql, params);
      },
      transaction: (fn) => {
        seen.transactions += 1;
        return shared.transaction(fn);
      },
    };
    const cost = async (limits: PolicyFile['limits']) => {
      const h = await approvalApp({
        client: scriptedClient(echoSuccess).client,
        db: counted,
        policy: buildPolicy({
          operations: { createInternalTransfer: { required: false } },
          limits,
        }),
      });
      seen.statements = 0;
      seen.transactions = 0;
      const res = await h.post(
        '/api/operations/createInternalTransfer',
        h.cookies.finance,
        transfer('1'),
      );
      expect(res.status).toBe(200);
      return { ...seen };
    };
    const usd = { side: 'initiate', asset: 'USD', window: '24h', max: '1000' } as const;
    const without = await cost([]);
    expect(without.transactions).toBe(0);
    expect(
      await cost([
        { ...usd, role: 'admin' },
        { ...usd, role: 'finance', asset: 'EUR' },
      ]),
    ).toEqual(without);
    expect((await cost([{ ...usd, role: 'finance' }])).transactions).toBe(1);
  });
});
