import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleInput, type JournalEntry } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { bffEntry } from '../bff-bundle';
import { freePort, until } from '../bff-process';
import { startFaultProxy } from '../fault-proxy';
import { TEST_PASSWORDS } from '../harness';
import { pemFragments } from '../sandbox-harness';
import { startSignedService } from '../signed-service';
import { openDb } from '../../src/db/open-db';
import { journalDir } from '../../src/bootstrap/data-dirs';
import { verifyAuditTrail } from '../../src/audit/audit-verify';

const bffDir = fileURLToPath(new URL('../..', import.meta.url));

/** The BFF as its own process, started from the run's bundle as production starts its build. */
function spawnBff(env: Record<string, string>, output: string[]): ChildProcess {
  const child = spawn(process.execPath, bffEntry('main'), {
    cwd: bffDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  return child;
}

describe('a BFF killed between the journal write and the answer', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('finds the entry after restart and resolves it with one record upstream; logs hold no secret', async () => {
    const service = await startSignedService('bff-crash');
    const { sandbox, clientSecret, pem } = service;
    cleanup.push(() => sandbox.close());
    const proxy = await startFaultProxy(sandbox.url);
    cleanup.push(() => proxy.close());

    const port = await freePort();
    const env = {
      ...service.env(proxy.url),
      PORT: String(port),
      DATA_DIR: join(service.dir, 'data'),
      // This test is about a plain send surviving a crash: no transfer waits for approval here.
      CONSOLE_POLICY_FILE: service.writePolicy({
        operations: { createInternalTransfer: { required: false } },
      }),
      LOG_LEVEL: 'debug',
      // The first life seals nothing before it is killed: its audit records are all pending.
      AUDIT_SEAL_MILLIS: '60000',
    };
    const base = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const cookies: string[] = [];
    const signIn = async () => {
      const res = await fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF': '1', Origin: base },
        body: JSON.stringify({ username: 'finance', password: TEST_PASSWORDS.finance }),
      });
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
      cookies.push(cookie.split('=')[1]!);
      return cookie;
    };
    const healthy = () =>
      until(
        'health',
        async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
        90_000,
      );

    // First life: the send reaches the sandbox, which acts on it; the answer never comes back.
    proxy.setHang(true);
    const first = spawnBff(env, output);
    cleanup.push(() => void first.kill('SIGKILL'));
    await healthy();
    let cookie = await signIn();
    void fetch(`${base}/api/operations/createInternalTransfer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF': '1', Origin: base, Cookie: cookie },
      body: JSON.stringify(exampleInput('createInternalTransfer')),
    }).catch(() => {});
    await until('the sandbox to act', async () =>
      proxy.forwarded.length === 1 ? true : undefined,
    );
    expect(proxy.forwarded[0]!.status).toBe(200);
    const sending = await until('the SENDING entry', async () => {
      const res = await fetch(`${base}/api/journal?state=SENDING`, { headers: { Cookie: cookie } });
      const page = (await res.json()) as { items: JournalEntry[] };
      return page.items[0];
    });
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;

    // Killed between the commit and the seal (issue 57): the entry's record is pending, kept.
    const trail = async <T>(read: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>) => {
      const db = await openDb({ dataDir: journalDir(env.DATA_DIR) });
      try {
        return await read(db);
      } finally {
        await db.close();
      }
    };
    const recordsOf = (subject: string) =>
      trail(async (db) => ({
        pending: (
          await db.query<{ kind: string }>(
            'select kind from audit_pending where subject = $1 order by id',
            [subject],
          )
        ).map((r) => r.kind),
        sealed: (
          await db.query<{ kind: string }>(
            `select kind from audit_records where chain = 'journal' and subject = $1
             order by position`,
            [subject],
          )
        ).map((r) => r.kind),
      }));
    expect(await recordsOf(sending.id)).toEqual({ pending: ['entry-created'], sealed: [] });

    // Second life: the entry is found and resolved by reading the transfer back by its ref_id.
    proxy.setHang(false);
    const second = spawnBff({ ...env, AUDIT_SEAL_MILLIS: '200' }, output);
    cleanup.push(() => void second.kill('SIGKILL'));
    await healthy();
    cookie = await signIn();
    const resolved = await until('the entry to be resolved', async () => {
      const res = await fetch(`${base}/api/journal/${sending.id}`, { headers: { Cookie: cookie } });
      const entry = (await res.json()) as JournalEntry;
      return entry.state === 'SENDING' ? undefined : entry;
    });
    expect(resolved).toMatchObject({
      id: sending.id,
      state: 'SUCCEEDED',
      ref_id: sending.ref_id,
      request_body: sending.request_body,
      response_status: 200,
    });
    expect(resolved.response).toMatchObject({ ref_id: sending.ref_id, direction: 'DEBIT' });
    // The transfer was sent once; the second life only read it.
    expect(proxy.forwarded.map((f) => [f.path.split('?')[0], f.body])).toEqual([
      ['/v2/transfer/internal', sending.request_body],
      ['/v2/transfer/transfers', ''],
    ]);
    const state = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as {
      transfers: { ref_id?: string; direction: string }[];
    };
    expect(
      state.transfers.filter((t) => t.ref_id === sending.ref_id && t.direction === 'DEBIT'),
    ).toHaveLength(1);
    const list = (await (
      await fetch(`${base}/api/journal`, { headers: { Cookie: cookie } })
    ).json()) as {
      items: JournalEntry[];
    };
    expect(list.items).toHaveLength(1);

    const stopped = new Promise((resolve) => second.once('exit', resolve));
    second.kill('SIGTERM');
    await stopped;

    // Sealed after the restart (by its sealer, at the latest by its last look as it stops),
    // once, with the state change after it; the trail verifies.
    expect(await recordsOf(sending.id)).toEqual({
      pending: [],
      sealed: ['entry-created', 'entry-state'],
    });
    const report = await trail((db) => verifyAuditTrail(db));
    expect(report.chains.filter((c) => !c.ok)).toEqual([]);
    expect(report.binding.findings).toEqual([]);
    expect(report.ok).toBe(true);

    // Everything both processes wrote: no secret of this run in it.
    const text = output.join('');
    expect(text).toContain('"msg":"request"');
    expect(proxy.credentials.size).toBeGreaterThanOrEqual(2);
    const secrets = [
      clientSecret,
      ...pemFragments(pem),
      ...Object.values(TEST_PASSWORDS),
      ...cookies,
      ...proxy.credentials,
    ];
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
  }, 180_000);
});
