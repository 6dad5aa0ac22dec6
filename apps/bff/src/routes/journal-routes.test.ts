import { exampleInput, type JournalEntry, type JournalPage } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { echoSuccess, scriptedClient, testApp } from '../../test/harness';

type Harness = Awaited<ReturnType<typeof testApp>>;

describe('journal and orders routes', () => {
  let h: Harness;
  let viewer: string;
  const sent: JournalEntry[] = [];

  beforeAll(async () => {
    h = await testApp({
      client: scriptedClient((request) => {
        const body = JSON.parse(request.body) as Record<string, unknown>;
        // A hostile value the service might echo back: the CSV must not run it.
        return echoSuccess({
          ...request,
          body: JSON.stringify({ ...body, status: 'OPEN', note: '=cmd|calc' }),
        });
      }).client,
    });
    const finance = await h.signIn('finance');
    viewer = await h.signIn('viewer');
    const orders = [
      { side: 'BUY', market: 'BTCUSD' },
      { side: 'SELL', market: 'ETHUSD', quote_amount: undefined, base_amount: '0.5' },
      { side: 'BUY', market: 'ETHUSD' },
    ];
    for (const order of orders) {
      const res = await h.post('/api/operations/createOrder', finance, {
        ...exampleInput('createOrder'),
        ...order,
      });
      sent.push(((await res.json()) as { journal: JournalEntry }).journal);
    }
    const transfer = await h.post(
      '/api/operations/createSvcTransfer',
      finance,
      exampleInput('createSvcTransfer'),
    );
    sent.push(((await transfer.json()) as { journal: JournalEntry }).journal);
  });

  it('lists newest first, with filters and a cursor, to a viewer', async () => {
    const all = (await (await h.get('/api/journal', viewer)).json()) as JournalPage;
    expect(all.items.map((e) => e.id)).toEqual(sent.map((e) => e.id).reverse());
    const first = (await (
      await h.get('/api/journal?operation=createOrder&limit=2', viewer)
    ).json()) as JournalPage;
    expect(first.items).toHaveLength(2);
    const next = (await (
      await h.get(`/api/journal?operation=createOrder&limit=2&cursor=${first.next_cursor}`, viewer)
    ).json()) as JournalPage;
    expect(next.items.map((e) => e.id)).toEqual([sent[0]!.id]);
    expect(next.next_cursor).toBeNull();
    const byRef = (await (
      await h.get(`/api/journal?ref_id=${sent[1]!.ref_id}`, viewer)
    ).json()) as JournalPage;
    expect(byRef.items.map((e) => e.id)).toEqual([sent[1]!.id]);
  });

  it('answers 400 for a bad filter or cursor and 404 for an unknown entry', async () => {
    expect((await h.get('/api/journal?from=yesterday', viewer)).status).toBe(400);
    expect((await h.get('/api/journal?state=DONE', viewer)).status).toBe(400);
    expect((await h.get('/api/journal?cursor=abc', viewer)).status).toBe(400);
    expect((await h.get('/api/journal/nope', viewer)).status).toBe(404);
    const one = await h.get(`/api/journal/${sent[0]!.id}`, viewer);
    expect(((await one.json()) as JournalEntry).request_body).toBe(sent[0]!.request_body);
  });

  it('exports CSV with quoting and formula guard', async () => {
    const res = await h.get('/api/journal.csv?operation=createOrder', viewer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="journal-/);
    const text = await res.text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^operation,state,operator,time,ref_id,amount,asset,/);
    expect(lines).toHaveLength(4);
    expect(text).toContain(`"{""side"":""BUY""`);
    expect(text).not.toMatch(/(^|,)=cmd/m);
  });

  it('refuses an export from a cursor it did not issue with a 400, before any row', async () => {
    const res = await h.get('/api/journal.csv?cursor=abc', viewer);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('bad-request');
  });
});

describe('a retry by another operator (issue 32, finding 8)', () => {
  it('keeps the maker and names who retried it, and when, in the entry’s history', async () => {
    const refusal = { type: 'https://svc.example/problems/insufficient-funds', status: 403 };
    let posts = 0;
    const h = await testApp({
      client: scriptedClient((request) =>
        (posts += 1) === 1
          ? { kind: 'answered', status: 403, body: refusal, attempts: 1, retried: false }
          : echoSuccess(request),
      ).client,
    });
    const [finance, admin] = [await h.signIn('finance'), await h.signIn('admin')];
    const sent = await h.post(
      '/api/operations/createInternalTransfer',
      finance,
      exampleInput('createInternalTransfer'),
    );
    const { journal } = (await sent.json()) as { journal: JournalEntry };
    expect(journal.state).toBe('REJECTED');

    const before = Date.now();
    expect((await h.post(`/api/journal/${journal.id}/retry`, admin, {})).status).toBe(200);
    const entry = (await (
      await h.get(`/api/journal/${journal.id}`, finance)
    ).json()) as JournalEntry;
    expect(entry).toMatchObject({ state: 'SUCCEEDED', operator: 'finance' });
    expect(entry.history).toEqual([
      {
        kind: 'retried',
        actor: 'admin',
        actor_name: 'Test admin',
        detail: 'was REJECTED',
        at: expect.any(String),
      },
    ]);
    expect(Date.parse(entry.history![0]!.at)).toBeGreaterThanOrEqual(before - 1000);
  });
});
