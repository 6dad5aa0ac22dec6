/**
 * The console with its embedded sandbox, as `pnpm start` runs it, killed (SIGKILL) and started
 * again three times (issue 67, ADR 033): what the sandbox answered before a kill is there after
 * it, unchanged, ids never repeat, and the journal and the service still reconcile clean.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKETS, exampleInput, type ReconRun } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnBff, until, type BffProcess } from '../bff-process';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Every id of a record the sandbox shows, wherever it sits in `/sandbox/state`. */
function idsOf(state: Record<string, unknown>): string[] {
  const lists = [
    'transfers',
    'orders',
    'orchestrations',
    'rules',
    'deposit_addresses',
    'fiat_accounts',
    'destination_addresses',
    'events',
  ];
  return lists.flatMap((name) => (state[name] as { id: string }[]).map((r) => r.id));
}

describe('the embedded sandbox killed and started again, three times', () => {
  it('keeps every record it answered, repeats no id, and reconciles clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    const sandboxPort = await freePort();
    const policy = join(dir, 'policy.json');
    // What is kept is the question here, not who approves: every send goes out at once.
    writeFileSync(
      policy,
      JSON.stringify({
        operations: Object.fromEntries(
          [
            'createInternalTransfer',
            'createOrder',
            'createDepositAddress',
            'updateFiatAccount',
          ].map((op) => [op, { required: false }]),
        ),
      }),
    );
    const env = {
      DATA_DIR: join(dir, 'data'),
      SANDBOX_PORT: String(sandboxPort),
      CONSOLE_POLICY_FILE: policy,
      LOG_LEVEL: 'warn',
    };
    const sandbox = `http://127.0.0.1:${sandboxPort}/sandbox`;
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${sandbox}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    /** What the sandbox holds, without the time of the look. */
    const held = async () => {
      const { now: _now, ...state } = (await (await control('GET', '/state')).json()) as Record<
        string,
        unknown
      >;
      return state;
    };
    const started = Date.now();
    const life = async (n: number): Promise<BffProcess> => {
      const bff = await spawnBff(`life ${n}`, env);
      cleanup.push(() => void bff.child.kill('SIGKILL'));
      return bff;
    };
    const kill = async (bff: BffProcess) => {
      bff.child.kill('SIGKILL');
      await bff.exited;
    };

    let bff = await life(1);
    // Prices held still, so that no resting order of the demo fills between two looks.
    const { prices } = (await held()) as { prices: Record<string, string> };
    for (const market of MARKETS) {
      expect((await control('PUT', `/prices/${market}`, { price: prices[market] })).status).toBe(
        200,
      );
    }
    const { passwords } = JSON.parse(
      readFileSync(join(env.DATA_DIR, 'demo-operators.json'), 'utf8'),
    ) as { passwords: Record<string, string> };

    const made: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const finance = await bff.signIn('finance', passwords.finance!);
      const support = await bff.signIn('support', passwords.support!);
      const send = async (cookie: string, op: string, body: Record<string, unknown>) => {
        const res = await bff.post(`/api/operations/${op}`, cookie, body);
        expect(res.status, `${op} in life ${n}: ${await res.clone().text()}`).toBe(200);
        return ((await res.json()) as { data: { id: string } }).data.id;
      };
      made.push(
        await send(finance, 'createInternalTransfer', {
          ...exampleInput('createInternalTransfer'),
          amount: `1.0${n}`,
          ref_id: `restart-transfer-${n}`,
        }),
        await send(finance, 'createOrder', {
          ...exampleInput('createOrder'),
          ref_id: `restart-order-${n}`,
        }),
        await send(finance, 'createDepositAddress', exampleInput('createDepositAddress')),
      );
      await send(support, 'updateFiatAccount', {
        ...exampleInput('updateFiatAccount'),
        metadata: { ticket: `SUP-${n}` },
      });
      // Everything settles (transfers complete, the order fills, the fiat review ends) before
      // the look, so that the state after the restart has no reason to differ.
      expect((await control('POST', '/clock', { advance_ms: 600_000 })).status).toBe(200);
      const before = await held();

      await kill(bff);
      bff = await life(n + 1);
      const after = await held();
      expect(after).toEqual(before);
      const ids = idsOf(after);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of made) expect(ids).toContain(id);
    }
    expect(new Set(made).size).toBe(made.length);

    const admin = await bff.signIn('admin', passwords.admin!);
    const from = new Date(started - 60_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    expect((await bff.post('/api/reconciliation/runs', admin, { from, to })).status).toBe(201);
    const [run] = await until(
      'the reconciliation run to end',
      async () => {
        const { items } = (await (await bff.get('/api/reconciliation/runs', admin)).json()) as {
          items: ReconRun[];
        };
        return items[0]?.state === 'done' ? items : undefined;
      },
      60_000,
      250,
    );
    expect(run).toMatchObject({ state: 'done', found: 0, opened: 0, matched: 6 });
  }, 240_000);
});
