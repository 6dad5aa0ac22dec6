import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { logCollector } from '../../test/harness';
import type { Db } from '../db/db';
import { createJournalStore } from '../journal/journal-store';
import type { SendRequest, UpstreamClient, UpstreamOutcome } from '../upstream/client';
import type { RecordType } from './match-types';
import type { ReconcilerOptions } from './reconcile-options';
import { createReconciler } from './reconciler';
import { readRun, recentRuns } from './recon-reads';

const PERIOD = { from: '2026-11-20T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' };
/** The run's clock: the period is over, and nothing the service holds is pending. */
const NOW = Date.parse('2026-11-21T02:00:00.000Z');

const OPTIONS: ReconcilerOptions = {
  spacingMs: 0,
  timeoutMs: 5_000,
  leaseMs: 30_000,
  pendingLimitMs: { transfer: 3_600_000, order: 3_600_000, orchestration: 3_600_000 },
  daily: false,
};

type ServiceRecords = Record<RecordType, Record<string, unknown>[]>;

/**
 * The service's three list reads over `records`, by `ref_id` or by period; the period's
 * transfers come in two pages. `answer` may say otherwise of a read (a refusal, a 503).
 */
function fakeService(records: ServiceRecords) {
  const reads: string[] = [];
  let answer: (path: string) => UpstreamOutcome | undefined = () => undefined;
  const ok = (body: Record<string, unknown>): UpstreamOutcome => ({
    kind: 'answered',
    status: 200,
    body,
    attempts: 1,
    retried: false,
  });
  const client: UpstreamClient = {
    async send(request: SendRequest) {
      reads.push(request.path);
      const other = answer(request.path);
      if (other) return other;
      const url = new URL(request.path, 'http://service');
      const type: RecordType = url.pathname.startsWith('/v2/transfer/')
        ? 'transfer'
        : url.pathname.startsWith('/v2/orders')
          ? 'order'
          : 'orchestration';
      const refs = url.searchParams.getAll(type === 'orchestration' ? 'ref_id' : 'ref_ids');
      const all = records[type];
      if (refs.length > 0) return ok({ items: all.filter((r) => refs.includes(String(r.ref_id))) });
      if (type !== 'transfer') return ok({ items: all });
      const half = Math.ceil(all.length / 2);
      return url.searchParams.get('page_cursor') === 'page-2'
        ? ok({ items: all.slice(half), next_page_cursor: '' })
        : ok({ items: all.slice(0, half), next_page_cursor: 'page-2' });
    },
  };
  return {
    client,
    reads,
    answerWith(next: typeof answer) {
      answer = next;
    },
  };
}

const transferBody = (refId: string, amount: string) => ({
  from_profile_id: 'p-ops',
  to_profile_id: 'p-payroll',
  asset: 'USD',
  amount,
  ref_id: refId,
});

/** The two legs the service keeps of an internal transfer. */
const legs = (id: string, refId: string, amount: string, createdAt: string) => [
  {
    id,
    ref_id: refId,
    group_id: `g-${id}`,
    direction: 'DEBIT',
    type: 'INTERNAL_TRANSFER_DEBIT',
    profile_id: 'p-ops',
    asset: 'USD',
    amount,
    status: 'COMPLETED',
    created_at: createdAt,
  },
  {
    id: `${id}-credit`,
    group_id: `g-${id}`,
    direction: 'CREDIT',
    type: 'INTERNAL_TRANSFER_CREDIT',
    profile_id: 'p-payroll',
    asset: 'USD',
    amount,
    status: 'COMPLETED',
    created_at: createdAt,
  },
];

describe.each(testDatabases)('the reconciler on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let other: Db;
  beforeAll(async () => {
    opened = await database.open();
    other = await opened.second();
  });
  afterAll(async () => {
    await opened.close();
  });
  // Every run reads every send of its period and takes up every unfinished run.
  beforeEach(async () => {
    await opened.db.exec(
      `delete from recon_events; delete from recon_differences; delete from recon_matches;
       delete from recon_run_records; delete from recon_runs; delete from journal_entries;
       delete from job_leases where kind = 'reconcile';`,
    );
  });

  /** A send through the console, answered with success at `at`. */
  const sent = async (operation: string, body: Record<string, unknown>, at: string) => {
    const journal = createJournalStore(opened.db, () => new Date(at));
    const entry = await journal.create({
      operation,
      operator: 'fiona',
      operator_name: 'Fiona Finance',
      ref_id: String(body.ref_id),
      method: 'POST',
      request_path: '/v2/transfer/internal',
      request_body: JSON.stringify(body),
      request_id: randomUUID(),
    });
    await journal.recordOutcome(entry.id, {
      state: 'SUCCEEDED',
      attempts: 1,
      response_status: 200,
      response: { id: `t-${String(body.ref_id)}`, status: 'PENDING' },
      error: null,
    });
    return entry.id;
  };

  const reconciler = (db: Db, client: UpstreamClient, owner: string, over = {}) =>
    createReconciler(
      { db, client, owner, logger: logCollector().logger, now: () => NOW, sleep: async () => {} },
      { ...OPTIONS, ...over },
    );

  /** A period of three sends: one alike at the service, one of another amount, one it lacks. */
  const period = async () => {
    const clean = await sent(
      'createInternalTransfer',
      transferBody('r-clean', '125.50'),
      '2026-11-20T09:00:00.000Z',
    );
    const amount = await sent(
      'createInternalTransfer',
      transferBody('r-amount', '10.00'),
      '2026-11-20T10:00:00.000Z',
    );
    const absent = await sent(
      'createSvcTransfer',
      { ...transferBody('r-absent', '3.00'), to_profile_id: 'p-counterparty' },
      '2026-11-20T11:00:00.000Z',
    );
    // The day before: not this period's.
    await sent(
      'createInternalTransfer',
      transferBody('r-before', '1.00'),
      '2026-11-19T23:59:59.999Z',
    );
    const deposit = {
      id: 't-deposit',
      ref_id: null,
      type: 'CRYPTO_DEPOSIT',
      direction: 'CREDIT',
      profile_id: 'p-ops',
      asset: 'BTC',
      amount: '0.25000000',
      status: 'COMPLETED',
      created_at: '2026-11-20T12:00:00.000Z',
    };
    const service = fakeService({
      transfer: [
        // 125.5 is 125.50: amounts are compared as decimals.
        ...legs('t-clean', 'r-clean', '125.5', '2026-11-20T09:00:01.000Z'),
        ...legs('t-amount', 'r-amount', '10.01', '2026-11-20T10:00:01.000Z'),
        deposit,
      ],
      order: [],
      orchestration: [],
    });
    return { clean, amount, absent, deposit, service };
  };

  it('queues what differs, keeps what matches, and ends the run with its counts', async () => {
    const { clean, amount, absent, deposit, service } = await period();
    const r = reconciler(opened.db, service.client, 'process-a');
    const runId = await r.start(PERIOD, 'fiona');
    expect(await r.turn()).toEqual({ found: 3, opened: 3, reopened: 0, closed: 0 });

    // The sends' ref_ids in one group, sorted; then the period's three lists, the transfers in
    // two pages.
    expect(service.reads).toHaveLength(5);
    expect(service.reads[0]).toContain('ref_ids=r-absent&ref_ids=r-amount&ref_ids=r-clean&');
    expect(service.reads.join(' ')).not.toContain('r-before');
    expect(await readRun(opened.db, runId)).toMatchObject({
      state: 'done',
      started_by: 'fiona',
      reads: 5,
      found: 3,
      opened: 3,
      closed: 0,
      matched: 1,
      error: null,
    });

    const queue = await r.store.list({ status: 'open', limit: 10 });
    const byKind = Object.fromEntries(queue.map((d) => [d.kind, d]));
    expect(Object.keys(byKind).sort()).toEqual(['absent', 'amount', 'unjournaled']);
    expect(byKind.amount).toMatchObject({
      journal_id: amount,
      record_id: 't-amount',
      journal_value: '10.00',
      service_value: '10.01',
      subject_at: '2026-11-20T10:00:00.000Z',
    });
    expect(byKind.absent).toMatchObject({ journal_id: absent, record_id: null });
    expect(byKind.unjournaled).toMatchObject({ source: 'deposit', record_id: 't-deposit' });
    // The service's record as it was read, whole, beside the journal's entry.
    expect(await r.store.serviceRecord(byKind.unjournaled!.id)).toEqual(deposit);

    const exported = await r.store.period(PERIOD.from, PERIOD.to);
    expect(exported.matches).toEqual([
      {
        journal_id: clean,
        record_type: 'transfer',
        record_id: 't-clean',
        ref_id: 'r-clean',
        subject_at: '2026-11-20T09:00:00.000Z',
      },
    ]);
    // What the run read is kept only until it ends.
    expect(await opened.db.query('select 1 from recon_run_records')).toEqual([]);

    // Run again: the same differences, queued once.
    await r.start(PERIOD, 'fiona');
    expect(await r.turn()).toEqual({ found: 3, opened: 0, reopened: 0, closed: 0 });
    expect(await r.store.list({ limit: 10 })).toHaveLength(3);
  });

  it('runs only in the lease holder, and a run the service paused resumes where it stood, in another process', async () => {
    const { service } = await period();
    const a = reconciler(opened.db, service.client, 'process-a');
    const b = reconciler(other, service.client, 'process-b');
    const runId = await a.start(PERIOD, 'fiona');
    // The service says "not now" to the second page of the period's transfers.
    service.answerWith((path) =>
      path.includes('page_cursor=page-2')
        ? { kind: 'answered', status: 503, body: null, attempts: 4, retried: true }
        : undefined,
    );
    expect(await a.turn()).toBeNull();
    expect(service.reads).toHaveLength(3);
    expect(await readRun(opened.db, runId)).toMatchObject({ state: 'running', reads: 2 });

    // a holds the lease: b reads nothing.
    service.answerWith(() => undefined);
    expect(await b.turn()).toBeNull();
    expect(service.reads).toHaveLength(3);

    // a stops; b takes the run up from the page it stood at.
    await a.lease.release();
    expect(await b.turn()).toEqual({ found: 3, opened: 3, reopened: 0, closed: 0 });
    const resumed = service.reads.slice(3);
    expect(resumed[0]).toContain('page_cursor=page-2');
    expect(resumed).toHaveLength(3);
    expect(resumed.join(' ')).not.toContain('ref_ids=');
    expect(await readRun(opened.db, runId)).toMatchObject({ state: 'done', reads: 5, matched: 1 });
  });

  it('ends failed, with why, a run whose read the service refuses, and goes on to the next', async () => {
    const { service } = await period();
    const r = reconciler(opened.db, service.client, 'process-a');
    const refused = await r.start(PERIOD, 'fiona');
    const next = await r.start(PERIOD, 'frank');
    // PGlite's clock counts milliseconds: two runs started at once could tie.
    await opened.db.query(
      `update recon_runs set started_at = started_at + interval '1 second' where id = $1`,
      [next],
    );
    // The first run's first read is refused for good.
    service.answerWith(() =>
      service.reads.length === 1
        ? { kind: 'answered', status: 403, body: { message: 'no' }, attempts: 1, retried: false }
        : undefined,
    );
    expect(await r.turn()).toEqual({ found: 3, opened: 3, reopened: 0, closed: 0 });
    const failed = await readRun(opened.db, refused);
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'the service refused a read of a background job (403)',
      found: null,
    });
    expect(failed?.finished_at).not.toBeNull();
    expect(await readRun(opened.db, next)).toMatchObject({ state: 'done', started_by: 'frank' });
  });

  it('starts the run over the day before once, after 01:00 UTC', async () => {
    const service = fakeService({ transfer: [], order: [], orchestration: [] });
    const early = createReconciler(
      {
        db: opened.db,
        client: service.client,
        owner: 'process-a',
        logger: logCollector().logger,
        now: () => Date.parse('2026-11-21T00:30:00.000Z'),
        sleep: async () => {},
      },
      { ...OPTIONS, daily: true },
    );
    expect(await early.turn()).toBeNull();
    expect(await recentRuns(opened.db, 10)).toEqual([]);

    const r = reconciler(opened.db, service.client, 'process-a', { daily: true });
    expect(await r.turn()).toEqual({ found: 0, opened: 0, reopened: 0, closed: 0 });
    expect(await r.turn()).toBeNull();
    const runs = await recentRuns(opened.db, 10);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ...PERIOD, started_by: 'daily', state: 'done', matched: 0 });
  });
});
