/**
 * Several BFF processes on one PostgreSQL (issue 16), as an operator runs them: real processes
 * from the sources, a throw-away PostgreSQL cluster, the sandbox over HTTP behind a fault proxy.
 * Short leases and resolver intervals (the environment variables) keep it quick.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  exampleInput,
  WRITE_OPERATION_IDS,
  type JournalEntry,
  type JournalPage,
} from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, until, type BffProcess } from '../bff-process';
import { startFaultProxy } from '../fault-proxy';
import { TEST_PASSWORDS } from '../harness';
import { startPgCluster, type PgCluster } from '../pg-cluster';
import { startSignedService, type SignedService } from '../signed-service';
import { verifyAuditTrail } from '../../src/audit/audit-verify';
import { openPostgres } from '../../src/db/postgres-db';

const LEASE_S = 2;
const INTERVAL_S = 0.5;
const RATE_PER_MINUTE = 300;
const METRICS_TOKEN = randomBytes(24).toString('base64url');

interface SandboxTransfer {
  ref_id?: string;
  direction: string;
}
interface SandboxState {
  transfers: SandboxTransfer[];
  fiat_accounts: { id: string; metadata?: Record<string, string> }[];
}

describe('BFF processes on one PostgreSQL', () => {
  let pg: PgCluster;
  let service: SignedService;
  let sandbox: SignedService['sandbox'];
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  let env: Record<string, string>;
  let a: BffProcess;
  let b: BffProcess;
  const started: BffProcess[] = [];

  const state = async () =>
    (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as SandboxState;
  const debits = (s: SandboxState, ref: string) =>
    s.transfers.filter((t) => t.ref_id === ref && t.direction === 'DEBIT');
  const entry = async (via: BffProcess, cookie: string, id: string) =>
    (await (await via.get(`/api/journal/${id}`, cookie)).json()) as JournalEntry;

  beforeAll(async () => {
    pg = await startPgCluster();
    service = await startSignedService('bff-replicas');
    sandbox = service.sandbox;
    proxy = await startFaultProxy(sandbox.url);
    const operations = Object.fromEntries(
      WRITE_OPERATION_IDS.map((id) => [id, { required: false }]),
    );
    env = {
      ...service.env(proxy.url),
      DATABASE_URL: pg.url,
      CONSOLE_POLICY_FILE: service.writePolicy({ operations }),
      SEND_LEASE_SECONDS: String(LEASE_S),
      RESOLVER_INTERVAL_SECONDS: String(INTERVAL_S),
      SEND_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
      METRICS_TOKEN,
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
    await proxy?.close();
    await sandbox?.close();
    await pg?.stop();
  });

  it('locks a guessed sign-in after the limit of the whole, not of each process', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const via = i % 2 === 0 ? a : b;
      const res = await fetch(`${via.base}/api/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF': '1', Origin: via.base },
        body: JSON.stringify({ username: 'viewer', password: 'not-the-password-1' }),
      });
      answers.push(res.status);
    }
    // Five failures of one username from one address (SIGNIN_MAX_FAILURES), counted by both.
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  }, 60_000);

  it('holds the send rate of an operator across both processes', async () => {
    const cookie = await a.signIn('admin', TEST_PASSWORDS.admin);
    const statuses: number[] = [];
    const started = Date.now();
    // A body the schema refuses: each request spends from the allowance, nothing is sent.
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        for (let i = worker; i < 2 * RATE_PER_MINUTE; i += 16) {
          const via = i % 2 === 0 ? a : b;
          statuses.push(
            (await via.post('/api/operations/createInternalTransfer', cookie, {})).status,
          );
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const allowed = statuses.filter((s) => s !== 429).length;
    expect(statuses.filter((s) => s !== 429 && s !== 400)).toEqual([]);
    // The burst is the limit of the whole (each process counting alone would let all through),
    // plus what refilled while the requests ran: one every 60 / RATE_PER_MINUTE seconds.
    expect(allowed).toBeGreaterThanOrEqual(RATE_PER_MINUTE);
    expect(allowed).toBeLessThanOrEqual(
      RATE_PER_MINUTE + Math.ceil((seconds * RATE_PER_MINUTE) / 60) + 2,
    );
    expect(allowed).toBeLessThan(2 * RATE_PER_MINUTE);
  }, 120_000);

  it('200 sends spread over both: each intent exactly one record at the service', async () => {
    const cookie = await b.signIn('finance', TEST_PASSWORDS.finance);
    const body = { ...exampleInput('createInternalTransfer'), amount: '1.00' };
    const results: { status: number; journal?: JournalEntry }[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        for (let i = worker; i < 200; i += 16) {
          const via = i % 2 === 0 ? a : b;
          const res = await via.post('/api/operations/createInternalTransfer', cookie, body);
          results.push({
            status: res.status,
            ...((await res.json()) as { journal?: JournalEntry }),
          });
        }
      }),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const refs = results.map((r) => r.journal!.ref_id!);
    expect(new Set(refs).size).toBe(200);
    const now = await state();
    expect(refs.filter((ref) => debits(now, ref).length !== 1)).toEqual([]);
    const sent = proxy.forwarded.filter((f) => f.path === '/v2/transfer/internal');
    expect(sent).toHaveLength(200);

    // Both processes wrote their audit records pending; the holder of the seal's lease chained
    // them (issue 57): one linear journal chain, no gap, no fork, each change once.
    const db = openPostgres(pg.url);
    try {
      await until('the audit records sealed', async () => {
        const [row] = await db.query<{ n: string }>(
          'select count(*)::text as n from audit_pending',
        );
        return row!.n === '0' ? true : undefined;
      });
      const report = await verifyAuditTrail(db);
      expect(report.chains.filter((c) => !c.ok)).toEqual([]);
      const ids = results.map((r) => r.journal!.id);
      const records = await db.query<{ kind: string; n: string }>(
        `select kind, count(*)::text as n from audit_records
         where chain = 'journal' and subject = any($1::text[]) group by kind order by kind`,
        [ids],
      );
      expect(records).toEqual([
        { kind: 'entry-created', n: '200' },
        { kind: 'entry-state', n: '200' },
      ]);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('a process killed mid-send: the other settles its entries, sending nothing twice', async () => {
    const finance = await a.signIn('finance', TEST_PASSWORDS.finance);
    const support = await a.signIn('support', TEST_PASSWORDS.support);
    const before = proxy.forwarded.length;
    // The transfer reaches the service, which acts; its answer never comes back.
    // Faults and arrivals by path: the processes' background reads pass through the proxy too.
    proxy.queueOn('/v2/transfer/internal', 'hang-after-forward');
    void a
      .post(
        '/api/operations/createInternalTransfer',
        finance,
        exampleInput('createInternalTransfer'),
      )
      .catch(() => {});
    await until('the transfer to reach the service', async () =>
      proxy.forwarded.slice(before).some((f) => f.path.startsWith('/v2/transfer/internal'))
        ? true
        : undefined,
    );
    // The fiat account update is held before the service sees it.
    const received = proxy.received.length;
    proxy.queueOn('/v2/transfer/fiat-accounts/', 'hang-before-forward');
    const update = { ...exampleInput('updateFiatAccount'), metadata: { ticket: 'SUP-9999' } };
    void a.post('/api/operations/updateFiatAccount', support, update).catch(() => {});
    await until('the update to reach the proxy', async () =>
      proxy.received.slice(received).some((r) => r.path.startsWith('/v2/transfer/fiat-accounts/'))
        ? true
        : undefined,
    );
    const sending = (
      (await (await b.get('/api/journal?state=SENDING', finance)).json()) as JournalPage
    ).items;
    expect(sending.map((e) => e.operation).sort()).toEqual([
      'createInternalTransfer',
      'updateFiatAccount',
    ]);
    const transfer = sending.find((e) => e.operation === 'createInternalTransfer')!;
    const fiat = sending.find((e) => e.operation === 'updateFiatAccount')!;

    a.child.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();

    // b's resolver takes both once the dead process's leases run out: within lease + interval
    // (and the few hundred milliseconds a read takes on a busy machine).
    const settled = await until(
      'b to settle the transfer',
      async () => {
        const e = await entry(b, finance, transfer.id);
        return e.state === 'SENDING' ? undefined : e;
      },
      30_000,
      50,
    );
    const tookMs = Date.now() - killedAt;
    expect(settled).toMatchObject({
      state: 'SUCCEEDED',
      ref_id: transfer.ref_id,
      response_status: 200,
    });
    expect(tookMs).toBeLessThan((LEASE_S + INTERVAL_S) * 1000 + 3_000);
    expect(debits(await state(), transfer.ref_id!)).toHaveLength(1);
    const transferSends = proxy.forwarded.filter(
      (f) => f.path === '/v2/transfer/internal' && f.body === transfer.request_body,
    );
    expect(transferSends).toHaveLength(1);

    const unsettled = await until('b to look at the update', async () => {
      const e = await entry(b, support, fiat.id);
      return e.state === 'SENDING' ? undefined : e;
    });
    // Nothing shows the update applied, and nothing may send it blindly: left for an operator.
    expect(unsettled.state).toBe('UNKNOWN');
    expect(unsettled.error).toMatch(/not sent again/);
    expect(unsettled.resolution).toMatchObject({ may_resend: false });
    // b keeps looking (reads only) and never sends the update, now or at its later looks.
    await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_S * 1000 + 500));
    const fiatWrites = proxy.forwarded.filter(
      (f) => f.path.startsWith('/v2/transfer/fiat-accounts/') && f.body !== '',
    );
    expect(fiatWrites).toEqual([]);
    const account = (await state()).fiat_accounts.find((f) => f.id === update.id);
    expect(account?.metadata).not.toEqual(update.metadata);
    const journal = (await (
      await b.get('/api/journal?state=SENDING', finance)
    ).json()) as JournalPage;
    expect(journal.items).toEqual([]);

    // Metrics: the takeover counted, the UNKNOWN in the backlog; closed without the token.
    expect((await b.get('/api/metrics')).status).toBe(401);
    const metrics = await (
      await fetch(`${b.base}/api/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).text();
    expect(metrics).toMatch(/^console_leases_taken_over_total 2$/m);
    expect(metrics).toMatch(/^console_resolver_backlog\{kind="unknown"\} 1$/m);
    expect(metrics).toMatch(/^console_resolver_backlog\{kind="sending_past_lease"\} 0$/m);
  }, 120_000);

  it('WORKERS=2 serves one port from two processes and stops gracefully on SIGTERM', async () => {
    const pair = await spawnBff('workers', {
      ...env,
      WORKERS: '2',
      DATA_DIR: join(service.dir, 'workers'),
    });
    started.push(pair);
    const cookie = await pair.signIn('finance', TEST_PASSWORDS.finance);
    const body = { ...exampleInput('createInternalTransfer'), amount: '1.00' };
    for (let i = 0; i < 6; i += 1) {
      expect((await pair.post('/api/operations/createInternalTransfer', cookie, body)).status).toBe(
        200,
      );
    }
    // Whichever worker is scraped, the numbers are the cluster's.
    const scrape = () =>
      fetch(`${pair.base}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      // A busy worker may miss the primary's 5 s: that scrape is a 503, never a 500.
      const text = await until('an aggregated scrape', async () => {
        const res = await scrape();
        statuses.push(res.status);
        return res.status === 200 ? res.text() : undefined;
      });
      expect(text).toMatch(
        /^console_sends_total\{operation="createInternalTransfer",outcome="SUCCEEDED"\} 6$/m,
      );
    }
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);

    // SIGTERM while a send hangs at the service: the process waits its grace, then journals it
    // UNKNOWN (never left SENDING), releases its leases and exits 0; b settles the entry.
    // The fault and the send looked for by their path: the processes' background reads
    // (reconciliation, the watcher) pass through the same proxy meanwhile.
    const before = proxy.forwarded.length;
    proxy.queueOn('/v2/transfer/internal', 'hang-after-forward');
    const hanging = pair.post('/api/operations/createInternalTransfer', cookie, body).then(
      (res) => res.status,
      () => 'closed',
    );
    const sent = await until('the send to reach the service', async () =>
      proxy.forwarded.slice(before).find((f) => f.path.startsWith('/v2/transfer/internal')),
    );
    const ref = (JSON.parse(sent.body) as { ref_id: string }).ref_id;
    pair.child.kill('SIGTERM');
    expect(await pair.exited).toBe(0);
    // Answered before the process went: no answer from the service (the wait was cut short).
    expect(await hanging).toBe(502);
    const reader = await b.signIn('finance', TEST_PASSWORDS.finance);
    const settled = await until('b to settle the entry the stopped process released', async () => {
      const page = (await (
        await b.get(`/api/journal?ref_id=${ref}`, reader)
      ).json()) as JournalPage;
      const e = page.items[0];
      return e && e.state === 'SUCCEEDED' ? e : undefined;
    });
    expect(settled.ref_id).toBe(ref);
    expect(debits(await state(), ref)).toHaveLength(1);
  }, 120_000);
});
