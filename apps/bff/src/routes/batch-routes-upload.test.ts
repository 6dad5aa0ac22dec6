import { type Batch, type BatchCheck } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedClient, sharedDb, testApp } from '../../test/harness';
import { createBatchChecker } from '../batches/batch-checker';

import {
  file,
  header,
  mapping,
  payouts,
  service,
  setUp,
  treasury,
} from '../../test/batch-routes-kit';

beforeAll(() => sharedDb());

describe('batch routes: checks and uploads', () => {
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
});
