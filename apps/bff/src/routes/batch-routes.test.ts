import { type Batch, type BatchRowPage } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, sharedDb, TEST_SCRYPT, testUsers } from '../../test/harness';
import { buildPolicy } from '../approvals/policy';
import type { StoredRequest } from '../approvals/send-time-rules';
import { hashPassword } from '../operators/password';
import { staticDirectory } from '../operators/operator-directory';
import { batchRefId } from '../batches/batch-row-queue';

import { file, header, payouts, service, setUp } from '../../test/batch-routes-kit';

beforeAll(() => sharedDb());

describe('batch routes: approval and sending', () => {
  beforeEach(async () => {
    await (await sharedDb()).exec('delete from batches');
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
