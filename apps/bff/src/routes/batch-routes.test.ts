import { DEMO_IDS, type Batch, type BatchCheck, type BatchRowPage } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  sharedDb,
  testApp,
  TEST_SCRYPT,
  testUsers,
} from '../../test/harness';
import { buildPolicy } from '../approvals/policy';
import type { StoredRequest } from '../approvals/send-time-rules';
import { createBatchChecker } from '../batches/batch-checker';
import type { AppDeps } from '../app-deps';
import { hashPassword } from '../operators/password';
import { staticDirectory } from '../operators/operator-directory';
import { batchRefId } from '../batches/batch-row-queue';
import { createBatchSender } from '../batches/batch-sender';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { createServicePacer } from '../upstream/service-pace';

beforeAll(() => sharedDb());

const { treasury, payouts } = DEMO_IDS.profiles;
const header = 'from,to,asset,amount,note';
const file = (rows: number, from = 1) =>
  `${header}\n${Array.from(
    { length: rows },
    (_, i) => `Treasury,${payouts},USD,${from + i}.25,row ${from + i}`,
  ).join('\n')}\n`;
const mapping = {
  from: 'from_profile_id',
  to: 'to_profile_id',
  asset: 'asset',
  amount: 'amount',
  note: 'metadata.*',
};

/** The service: its profiles by nickname for the names directory; every send succeeds. */
const service = (request: SendRequest): UpstreamOutcome =>
  request.method === 'GET'
    ? {
        kind: 'answered',
        status: 200,
        body: {
          items: [
            { id: treasury, nickname: 'Treasury', type: 'TREASURY' },
            { id: payouts, nickname: 'Payouts', type: 'TREASURY' },
          ],
        },
        attempts: 1,
        retried: false,
      }
    : echoSuccess(request);

async function setUp(
  answer: (request: SendRequest) => UpstreamOutcome | Promise<UpstreamOutcome> = service,
  backoffMs = 2_000,
  stop?: (request: StoredRequest) => Promise<string | null>,
  options: Partial<AppDeps> = {},
) {
  const { client, requests } = scriptedClient(answer);
  const h = await testApp({ client, ...options });
  await h.db.exec(
    "delete from batches; delete from batch_mappings; delete from service_pace; delete from job_leases where kind = 'batch-sender';",
  );
  const sender = createBatchSender({
    db: h.db,
    dispatch: { journal: h.deps.journal, client, timeoutMs: 5_000 },
    pacer: createServicePacer(h.db, { percent: 80 }),
    owner: h.deps.journal.owner,
    logger: h.deps.logger,
    backoffMs,
    concurrency: 1,
    ...(stop ? { stop } : {}),
  });
  const cookies = {
    finance: await h.signIn('finance'),
    admin: await h.signIn('admin'),
    viewer: await h.signIn('viewer'),
    support: await h.signIn('support'),
  };
  const upload = async (text: string, extra: Record<string, unknown> = {}) =>
    h.post('/api/batches', cookies.finance, {
      operation: 'createInternalTransfer',
      file_name: 'payouts.csv',
      text,
      mapping,
      ...extra,
    });
  const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
  return { ...h, requests, sender, cookies, upload, json };
}

describe('batch routes', () => {
  beforeEach(async () => {
    await (await sharedDb()).exec('delete from batches');
  });

  it('checks a file: names resolved, totals summed, the mapping remembered for its header', async () => {
    const h = await setUp();
    const checked = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: file(3),
        mapping,
      }),
    );
    expect(checked.file_errors).toEqual([]);
    expect(checked.valid_rows).toBe(3);
    expect(checked.rows[0]!.body).toMatchObject({ from_profile_id: treasury, amount: '1.25' });
    expect(checked.totals).toEqual([{ asset: 'USD', amount: '6.75', rows: 3 }]);
    expect(checked.rows_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(checked.already_uploaded).toBeNull();
    // The same header without a mapping: this operator's is offered again.
    const again = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: file(3),
      }),
    );
    expect(again.mapping_remembered).toBe(true);
    expect(again.rows_hash).toBe(checked.rows_hash);
    // Another operator has no mapping remembered for it.
    const theirs = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.admin, {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: file(3),
      }),
    );
    expect(theirs.mapping_remembered).toBe(false);
    // Its from, to, asset and amount are matched by their common names (issue 67): no mapping.
    expect(theirs.mapping_needed).toBe(false);
  });

  it('refuses a file name with characters outside the safe set, naming file_name (400), at check and upload', async () => {
    const h = await setUp();
    const name =
      'payouts <!channel> <https://evil.example/approve?batch=1|Approve this batch here>.csv';
    const refusals = [
      await h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: name,
        text: file(1),
        mapping,
      }),
      await h.upload(file(1), { file_name: name }),
      await h.upload(file(1), { file_name: 'payouts\nmarch.csv' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(400);
      const problem = await h.json<{ errors: { path: string; message: string }[] }>(refused);
      expect(problem.errors.map((e) => e.path)).toEqual(['file_name']);
      expect(problem.errors[0]!.message).toMatch(/letters, digits/);
    }
    expect(await h.db.query('select id from batches')).toEqual([]);
    // A name as people give their files is kept as it is.
    const kept = await h.upload(file(1), { file_name: 'Zahlungen März (2) v1.2_final-B.csv' });
    expect(kept.status).toBe(201);
    expect((await h.json<Batch>(kept)).file_name).toBe('Zahlungen März (2) v1.2_final-B.csv');
  });

  it('reads the source profiles’ balances once: a row they cannot pay after the rows before it is a cell error', async () => {
    const h = await setUp((request) =>
      request.path.startsWith(`/v2/profiles/${treasury}/balances`)
        ? {
            kind: 'answered',
            status: 200,
            body: { items: [{ asset: 'USD', available: '4.00', trading: '0.00' }] },
            attempts: 1,
            retried: false,
          }
        : service(request),
    );
    const checked = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: file(3),
        mapping,
      }),
    );
    // 1.25 and 2.25 fit in 4.00; 3.25 after them does not.
    expect(checked.rows.map((r) => r.errors.map((e) => e.column))).toEqual([[], [], ['amount']]);
    expect(checked.totals).toEqual([{ asset: 'USD', amount: '3.5', rows: 2 }]);
    expect(h.requests.filter((r) => r.path.includes('/balances'))).toHaveLength(1);
  });

  it('answers a problem, never a 500, when the service’s lists cannot be read for names', async () => {
    const h = await setUp((request) =>
      request.method === 'GET'
        ? { kind: 'no-answer', error: 'connection refused', attempts: 3 }
        : service(request),
    );
    const res = await h.post('/api/batches/check', h.cookies.finance, {
      operation: 'createInternalTransfer',
      file_name: 'payouts.csv',
      text: file(2),
      mapping,
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'upstream-unavailable' });
  });

  it('refuses a file no payout file is before parsing it: 2,000,000 commas on one line (400, the limit named)', async () => {
    const h = await setUp();
    const res = await h.post('/api/batches/check', h.cookies.finance, {
      operation: 'createInternalTransfer',
      file_name: 'wide.csv',
      text: `${','.repeat(2_000_000)}\n`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation-failed',
      errors: [
        {
          path: 'text',
          message: 'The header has 2,000,001 columns; a batch file has at most 64',
        },
      ],
    });
  });

  it('answers another request while a large file is being checked', async () => {
    const events: string[] = [];
    let health: Promise<Response> | undefined;
    const h = await setUp((request) => {
      if (request.path.startsWith('/v2/profiles?')) {
        // The names are read: what follows is the file's check. Another operator's request
        // is sent once this turn of the event loop is over.
        setImmediate(() => {
          health = Promise.resolve(h.get('/api/health')).then((res) => {
            events.push('health answered');
            return res;
          });
        });
      }
      // The balances are read once the file has been parsed and checked.
      if (request.path.endsWith('/balances')) events.push('file checked');
      return service(request);
    });
    const checked = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: 'large.csv',
        text: file(1_000),
        mapping,
      }),
    );
    expect(checked.valid_rows).toBe(1_000);
    expect(events).toEqual(['health answered', 'file checked']);
    expect((await health!).status).toBe(200);
  });

  it('answers a problem, never a 500, when a check passes its time limit', async () => {
    const checker = createBatchChecker({ timeLimitMs: 1, workers: 1 });
    const { client } = scriptedClient(service);
    const h = await testApp({ client, batchChecker: checker });
    try {
      const finance = await h.signIn('finance');
      const res = await h.post('/api/batches/check', finance, {
        operation: 'createInternalTransfer',
        file_name: 'large.csv',
        text: file(2_000),
        mapping,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        code: 'payload-too-large',
        errors: [{ path: 'text', message: expect.stringMatching(/took more than 0.001 s/) }],
      });
      // The worker past its time was ended; the next check gets a fresh one, and its limit.
      const again = await h.post('/api/batches/check', finance, {
        operation: 'createInternalTransfer',
        file_name: 'large.csv',
        text: file(2_000),
        mapping,
      });
      expect(again.status).toBe(413);
    } finally {
      await checker.close();
    }
  });

  it('refuses a row with a problem unless excluded, naming its cell (422)', async () => {
    const h = await setUp();
    const text = `${file(2)}Nobody,${payouts},USD,5.00,bad\n`;
    const refused = await h.upload(text);
    expect(refused.status).toBe(422);
    const problem = await h.json<{ errors: { path: string }[] }>(refused);
    expect(problem.errors.map((e) => e.path)).toEqual(['rows.3.from']);
    const created = await h.upload(text, { exclude_rows: [3] });
    expect(created.status).toBe(201);
    const batch = await h.json<Batch>(created);
    expect(batch).toMatchObject({
      state: 'awaiting_approval',
      row_count: 3,
      approvals_required: 1,
      approver_roles: ['finance', 'admin'],
      counts: { waiting: 2, excluded: 1 },
      totals: [{ asset: 'USD', amount: '3.5', rows: 2 }],
    });
  });

  it('recognises the same rows uploaded again (409 batch-already-uploaded with its id)', async () => {
    const h = await setUp();
    const first = await h.json<Batch>(h.upload(file(2)));
    const again = await h.upload(file(2));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'batch-already-uploaded',
      batch_id: first.id,
    });
    const check = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: file(2),
        mapping,
      }),
    );
    expect(check.already_uploaded).toMatchObject({
      batch_id: first.id,
      state: 'awaiting_approval',
      same_order: true,
    });
  });

  it('recognises a file already sent even when its rows could not be paid again now', async () => {
    let available = '100.00';
    const h = await setUp((request) =>
      request.path.startsWith(`/v2/profiles/${treasury}/balances`)
        ? {
            kind: 'answered',
            status: 200,
            body: { items: [{ asset: 'USD', available, trading: '0.00' }] },
            attempts: 1,
            retried: false,
          }
        : service(request),
    );
    const first = await h.json<Batch>(h.upload(file(3)));
    await h.post(`/api/batches/${first.id}/approve`, h.cookies.admin, {
      rows_hash: first.rows_hash,
    });
    await h.sender.wake();
    // Paid: the profile now holds less than the file's rows take.
    available = '2.00';
    const check = await h.json<BatchCheck>(
      h.post('/api/batches/check', h.cookies.finance, {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: file(3),
        mapping,
      }),
    );
    expect(check.rows.filter((r) => r.errors.length > 0).map((r) => r.row)).toEqual([2, 3]);
    expect(check.already_uploaded).toMatchObject({
      batch_id: first.id,
      state: 'done',
      same_order: true,
    });
    const again = await h.upload(file(3));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'batch-already-uploaded',
      batch_id: first.id,
    });
    expect(h.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('shows what changed against an earlier upload of a file of the same name', async () => {
    const h = await setUp();
    await h.upload(file(3));
    const text = `${header}\nTreasury,${payouts},USD,1.25,row 1\nTreasury,${payouts},USD,9.99,row 2\n`;
    const batch = await h.json<Batch>(h.upload(text));
    expect(batch.changes).toMatchObject({ added: [], removed: [3], changed: [2] });
  });

  it('is approved by another money role by its rows hash only (four eyes, 409 otherwise)', async () => {
    const h = await setUp();
    const batch = await h.json<Batch>(h.upload(file(2)));
    const approve = (cookie: string, rows_hash = batch.rows_hash) =>
      h.post(`/api/batches/${batch.id}/approve`, cookie, { rows_hash });
    expect((await approve(h.cookies.finance)).status).toBe(409);
    expect((await approve(h.cookies.admin, 'f'.repeat(64))).status).toBe(409);
    expect((await approve(h.cookies.viewer)).status).toBe(403);
    expect((await approve(h.cookies.support)).status).toBe(403);
    const approved = await approve(h.cookies.admin);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      state: 'sending',
      approvals: [{ by: 'admin' }],
    });
    expect((await approve(h.cookies.admin)).status).toBe(409);
    expect((await h.get(`/api/batches/${crypto.randomUUID()}`, h.cookies.viewer)).status).toBe(404);
  });

  it('is approved only when every distinct requirement of its rows is met, each with its own roles', async () => {
    // BTC transfers need one admin; USD transfers two approvals from finance or admin.
    const policy = buildPolicy({
      format: 2,
      rules: [
        {
          id: 'btc',
          operations: ['createInternalTransfer'],
          assets: ['BTC'],
          action: { kind: 'hold', approvers: 1, roles: ['admin'] },
        },
        {
          id: 'usd',
          operations: ['createInternalTransfer'],
          assets: ['USD'],
          action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] },
        },
      ],
      default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    });
    const more = await Promise.all(
      ['finance2', 'finance3', 'finance4'].map(async (username) => ({
        username,
        display_name: username,
        role: 'finance' as const,
        password_hash: await hashPassword('finance-pass-2', TEST_SCRYPT),
      })),
    );
    const directory = staticDirectory([...(await testUsers()), ...more]);
    const h = await setUp(service, 2_000, undefined, { policy, directory });
    const signInAs = async (username: string) => {
      const res = await h.app.request('/api/session', {
        method: 'POST',
        headers: BROWSER_HEADERS,
        body: JSON.stringify({ username, password: 'finance-pass-2' }),
      });
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    const created = await h.upload(
      `${header}\nTreasury,${payouts},BTC,0.5,row 1\nTreasury,${payouts},USD,10.25,row 2\n`,
    );
    expect(created.status).toBe(201);
    const batch = (await created.json()) as Batch;
    expect(batch.requirements).toEqual([
      expect.objectContaining({ approvals_required: 1, approver_roles: ['admin'], given: 0 }),
      expect.objectContaining({
        approvals_required: 2,
        approver_roles: ['finance', 'admin'],
        given: 0,
      }),
    ]);
    const approve = (cookie: string) =>
      h.post(`/api/batches/${batch.id}/approve`, cookie, { rows_hash: batch.rows_hash });
    expect((await approve(await signInAs('finance2'))).status).toBe(200);
    const second = await approve(await signInAs('finance3'));
    expect(second.status).toBe(200);
    const waiting = (await second.json()) as Batch;
    // The USD rows have their two approvals; the BTC row still waits for an admin.
    expect(waiting.state).toBe('awaiting_approval');
    expect(waiting.requirements.map((r) => [r.given, r.met])).toEqual([
      [0, false],
      [2, true],
    ]);
    await h.sender.wake();
    expect(h.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // A third finance approval would meet nothing more: it is refused, saying what is awaited.
    const third = await approve(await signInAs('finance4'));
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({
      detail: expect.stringContaining('1 approval from admin'),
    });
    const approved = await approve(h.cookies.admin);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Batch).state).toBe('sending');
    await h.sender.wake();
    expect(
      h.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).asset),
    ).toEqual(['BTC', 'USD']);
  });

  it('sends nothing of a rejected batch: its rows are not sent', async () => {
    const h = await setUp();
    const batch = await h.json<Batch>(h.upload(file(2)));
    const own = await h.post(`/api/batches/${batch.id}/reject`, h.cookies.finance, {
      reason: 'wrong month',
    });
    expect(own.status).toBe(409);
    const rejected = await h.json<Batch>(
      h.post(`/api/batches/${batch.id}/reject`, h.cookies.admin, { reason: 'wrong month' }),
    );
    expect(rejected).toMatchObject({
      state: 'rejected',
      rejected_by: 'admin',
      reason: 'wrong month',
      counts: { not_sent: 2 },
    });
    await h.sender.wake();
    expect(h.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends every row once with its derived ref_id, and the results CSV says so row by row', async () => {
    const h = await setUp();
    const batch = await h.json<Batch>(h.upload(file(5)));
    await h.post(`/api/batches/${batch.id}/approve`, h.cookies.admin, {
      rows_hash: batch.rows_hash,
    });
    await h.sender.wake();
    const sent = h.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body).ref_id)).toEqual(
      [1, 2, 3, 4, 5].map((row) => batchRefId(batch.id, row)),
    );
    const done = await h.json<Batch>(h.get(`/api/batches/${batch.id}`, h.cookies.viewer));
    expect(done).toMatchObject({ state: 'done', counts: { succeeded: 5 } });
    // A second look sends nothing more; the batch's lease is gone with its work.
    await h.sender.wake();
    expect(h.requests.filter((r) => r.method === 'POST')).toHaveLength(5);
    expect(
      await h.db.query("select kind from job_leases where kind like 'batch-sender:%'"),
    ).toEqual([]);
    const results = await h.json<{ filename: string; csv: string }>(
      h.get(`/api/batches/${batch.id}/results`, h.cookies.finance),
    );
    expect(results.filename).toBe('payouts-results.csv');
    const lines = results.csv.trim().split('\r\n');
    expect(lines[0]).toBe('row,from,to,asset,amount,note,ref_id,state,service_id,error');
    expect(lines).toHaveLength(6);
    const rows = await h.json<BatchRowPage>(
      h.get(`/api/batches/${batch.id}/rows?limit=500`, h.cookies.finance),
    );
    rows.items.forEach((row, i) => {
      expect(row.journal_id).not.toBeNull();
      expect(lines[i + 1]).toBe(
        `${row.row},Treasury,${payouts},USD,${row.cells.amount},row ${row.row},${row.ref_id},succeeded,${row.service_id},`,
      );
    });
    // A viewer reads the same results with the metadata (personal, as in the journal) masked.
    const masked = await h.json<{ csv: string }>(
      h.get(`/api/batches/${batch.id}/results`, h.cookies.viewer),
    );
    expect(masked.csv.split('\r\n')[1]).toContain(',USD,1.25,••••ow 1,');
    expect(masked.csv).not.toContain('row 1');
  });

  it('asks each row of the policy in force before it is journaled: a row it refuses now is not sent, in its words', async () => {
    const asked: StoredRequest[] = [];
    const h = await setUp(service, 2_000, async (request) => {
      asked.push(request);
      return request.body.amount === '3.25'
        ? 'Approval policy version 4 refuses: no transfers of 3.25'
        : null;
    });
    const batch = await h.json<Batch>(h.upload(file(5)));
    await h.post(`/api/batches/${batch.id}/approve`, h.cookies.admin, {
      rows_hash: batch.rows_hash,
    });
    await h.sender.wake();
    // Asked with the request as it would leave (the ref_id in it) and the uploader as its maker.
    expect(asked.map((r) => [r.operation, r.operator, r.body.ref_id])).toEqual(
      [1, 2, 3, 4, 5].map((row) => [
        'createInternalTransfer',
        'finance',
        batchRefId(batch.id, row),
      ]),
    );
    const sent = h.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body).amount)).toEqual(['1.25', '2.25', '4.25', '5.25']);
    const rows = await h.json<BatchRowPage>(
      h.get(`/api/batches/${batch.id}/rows?state=failed`, h.cookies.finance),
    );
    expect(rows.items).toEqual([
      expect.objectContaining({
        row: 3,
        state: 'failed',
        journal_id: null,
        error: 'not sent: Approval policy version 4 refuses: no transfers of 3.25',
      }),
    ]);
    const done = await h.json<Batch>(h.get(`/api/batches/${batch.id}`, h.cookies.finance));
    expect(done).toMatchObject({ state: 'done', counts: { succeeded: 4, failed: 1 } });
  });

  it('pauses and resumes, and a cancel leaves sent rows sent and the others not sent', async () => {
    let gate: () => void = () => {};
    let seen = 0;
    const h = await setUp(async (request) => {
      if (request.method === 'POST' && ++seen === 3) {
        await new Promise<void>((resolve) => (gate = resolve));
      }
      return service(request);
    });
    const batch = await h.json<Batch>(h.upload(file(10)));
    await h.post(`/api/batches/${batch.id}/approve`, h.cookies.admin, {
      rows_hash: batch.rows_hash,
    });
    const turn = h.sender.wake();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const paused = await h.json<Batch>(
      h.post(`/api/batches/${batch.id}/pause`, h.cookies.finance, {}),
    );
    expect(paused.state).toBe('paused');
    gate();
    await turn;
    const held = await h.json<Batch>(h.get(`/api/batches/${batch.id}`, h.cookies.finance));
    const left = held.counts.succeeded;
    expect(left).toBeGreaterThanOrEqual(3);
    expect(left).toBeLessThan(10);
    expect(held.counts.waiting).toBe(10 - left);
    // Paused: nothing more leaves.
    await h.sender.wake();
    expect(h.requests.filter((r) => r.method === 'POST')).toHaveLength(left);
    expect((await h.post(`/api/batches/${batch.id}/resume`, h.cookies.finance, {})).status).toBe(
      200,
    );
    await h.post(`/api/batches/${batch.id}/pause`, h.cookies.finance, {});
    await h.sender.wake();
    const cancelled = await h.json<Batch>(
      h.post(`/api/batches/${batch.id}/cancel`, h.cookies.finance, { reason: 'wrong file' }),
    );
    const sentNow = h.requests.filter((r) => r.method === 'POST').length;
    expect(cancelled).toMatchObject({ state: 'cancelled', reason: 'wrong file' });
    expect(cancelled.counts.succeeded).toBe(sentNow);
    expect(cancelled.counts.not_sent).toBe(10 - sentNow);
    expect((await h.post(`/api/batches/${batch.id}/resume`, h.cookies.finance, {})).status).toBe(
      409,
    );
  });

  it('waits when the service is down or throttles, says why, and goes on where it stopped', async () => {
    const down = new Set([2, 3]);
    let posts = 0;
    const h = await setUp((request) => {
      if (request.method !== 'POST') return service(request);
      posts += 1;
      if (down.has(posts)) return { kind: 'no-answer', error: 'connection refused', attempts: 3 };
      if (posts === 5) {
        return { kind: 'answered', status: 429, body: null, attempts: 4, retried: true };
      }
      return service(request);
    }, 200);
    const batch = await h.json<Batch>(h.upload(file(6)));
    await h.post(`/api/batches/${batch.id}/approve`, h.cookies.admin, {
      rows_hash: batch.rows_hash,
    });
    await h.sender.wake();
    const waiting = await h.json<Batch>(h.get(`/api/batches/${batch.id}`, h.cookies.finance));
    expect(waiting.state).toBe('sending');
    expect(waiting.waiting_for).toMatch(
      /^The service did not answer \(since \d\d:\d\d:\d\d UTC\); sending again from \d\d:\d\d:\d\d UTC$/,
    );
    expect(waiting.counts).toMatchObject({ succeeded: 1, unknown: 1, waiting: 4 });
    const goOn = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await h.sender.wake();
      return h.json<Batch>(h.get(`/api/batches/${batch.id}`, h.cookies.finance));
    };
    // The second failure in a row waits twice as long; then a success clears the wait.
    expect((await goOn()).counts).toMatchObject({ unknown: 2 });
    const throttled = await goOn();
    expect(throttled.waiting_for).toMatch(/^The service asked the console to slow down \(429\)/);
    // Every process's paced requests wait too.
    const [slot] = await h.db.query<{ ahead: boolean }>(
      "select next_slot > clock_timestamp() as ahead from service_pace where endpoint = '/v2/transfer/internal'",
    );
    expect(slot?.ahead).toBe(true);
    let done = throttled;
    for (let i = 0; i < 10 && done.state !== 'done'; i++) done = await goOn();
    expect(done).toMatchObject({
      state: 'done',
      waiting_for: null,
      counts: { succeeded: 3, unknown: 3, waiting: 0 },
    });
    // Each row was sent once: the unknown ones are the resolver's to settle, as single sends.
    expect(posts).toBe(6);
    const rows = await h.json<BatchRowPage>(
      h.get(`/api/batches/${batch.id}/rows?state=unknown`, h.cookies.finance),
    );
    expect(rows.items.map((r) => [r.row, r.error])).toEqual([
      [2, 'connection refused'],
      [3, 'connection refused'],
      [5, 'the service answered 429'],
    ]);
  });
});
