import { DEMO_IDS, type Batch, type BatchCheck } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { echoSuccess, scriptedClient, sharedDb, testApp } from '../../test/harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';

beforeAll(() => sharedDb());

const { treasury, payouts } = DEMO_IDS.profiles;
const mapping = { from: 'from_profile_id', to: 'to_profile_id', asset: 'asset', amount: 'amount' };
const fileOf = (...amounts: string[]) =>
  `from,to,asset,amount\n${amounts.map((a) => `Treasury,${payouts},USD,${a}`).join('\n')}\n`;

/** The service: its profiles by nickname for the names directory; every send succeeds. */
const service = (request: SendRequest): UpstreamOutcome =>
  request.method === 'GET'
    ? {
        kind: 'answered',
        status: 200,
        body: { items: [{ id: treasury, nickname: 'Treasury', type: 'TREASURY' }] },
        attempts: 1,
        retried: false,
      }
    : echoSuccess(request);

async function setUp() {
  const h = await testApp({ client: scriptedClient(service).client });
  const finance = await h.signIn('finance');
  const admin = await h.signIn('admin');
  const body = (text: string, file_name: string) => ({
    operation: 'createInternalTransfer',
    file_name,
    text,
    mapping,
  });
  return {
    ...h,
    admin,
    upload: (text: string, name = 'payouts.csv') =>
      h.post('/api/batches', finance, body(text, name)),
    check: async (text: string, name = 'payouts.csv') =>
      (await (await h.post('/api/batches/check', finance, body(text, name))).json()) as BatchCheck,
  };
}

describe('a payout file sent twice', () => {
  beforeEach(async () => {
    await (await sharedDb()).exec('delete from batches');
  });

  it('is refused in another order and under another name, naming the batch, who and when', async () => {
    const h = await setUp();
    const first = (await (await h.upload(fileOf('10.00', '20.50', '30'))).json()) as Batch;
    const reordered = fileOf('30', '10', '20.50');
    const check = await h.check(reordered, 'payouts-copy.csv');
    expect(check.already_uploaded).toMatchObject({ batch_id: first.id, same_order: false });
    const again = await h.upload(reordered, 'payouts-copy.csv');
    expect(again.status).toBe(409);
    const problem = (await again.json()) as { detail: string };
    expect(problem).toMatchObject({
      code: 'batch-already-uploaded',
      batch_id: first.id,
      uploaded_before: {
        batch_id: first.id,
        file_name: 'payouts.csv',
        created_by: 'finance',
        created_at: first.created_at,
        state: 'awaiting_approval',
      },
    });
    expect(problem.detail).toContain('in another order');
    expect(problem.detail).toContain(first.id);
    expect(problem.detail).toContain(first.created_at);
    expect(problem.detail).toContain(first.created_by_name);
  });

  it('shows the approver each repeated row with its earlier batch; an approval counts once they saw them', async () => {
    const h = await setUp();
    const first = (await (await h.upload(fileOf('10.00', '20.50', '30'))).json()) as Batch;
    const created = await h.upload(fileOf('20.5', '99'), 'april.csv');
    expect(created.status).toBe(201);
    const next = (await created.json()) as Batch;
    const read = (await (await h.get(`/api/batches/${next.id}`, h.admin)).json()) as Batch;
    expect(read.repeats).toEqual({
      days: 7,
      total: 1,
      rows: [{ row: 1, earlier: [expect.objectContaining({ batch_id: first.id, row: 2 })] }],
    });
    const approve = (extra: Record<string, unknown>) =>
      h.post(`/api/batches/${next.id}/approve`, h.admin, { rows_hash: next.rows_hash, ...extra });
    const unseen = await approve({});
    expect(unseen.status).toBe(409);
    expect(((await unseen.json()) as { detail: string }).detail).toContain(
      '1 row of this batch repeats rows of earlier batches',
    );
    expect((await approve({ repeated_rows: 1 })).status).toBe(200);
    // The list reads no repeats: only the batch's own page shows them.
    const list = (await (await h.get('/api/batches', h.admin)).json()) as { items: Batch[] };
    expect(list.items.map((b) => b.repeats)).toEqual([null, null]);
  });
});
