import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

const DAY = 86_400_000;
const volume = (over: Record<string, unknown> = {}) => {
  const now = sbx.clock.now();
  return {
    count: 1_200,
    from: new Date(now - DAY).toISOString(),
    to: new Date(now).toISOString(),
    ref_prefix: 'day',
    from_profile_id: P.treasury,
    to_profile_id: P.payouts,
    asset: 'USD',
    amount: '0.01',
    ...over,
  };
};

type Row = Record<string, unknown> & { id: string; ref_id?: string };

describe('POST /sandbox/history/transfers: a busy day at once', () => {
  it('makes count internal transfers across the period, both legs each, settled, listed by pages', async () => {
    const asked = volume();
    const res = await sbx.control('POST', '/history/transfers', asked);
    expect(res.status).toBe(200);
    const made = (res.body as { transfers: Row[] }).transfers;
    expect(made).toHaveLength(1_200);
    expect(new Set(made.map((t) => t.ref_id)).size).toBe(1_200);
    expect(made[0]!.ref_id).toBe('day-0');
    for (const t of made) {
      expect(String(t.created_at) >= asked.from && String(t.created_at) < asked.to).toBe(true);
    }
    // Read as a client reads them: the period's list, 2,400 records in pages of 1,000.
    const listed: Row[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await sbx.read(
        'listTransfers',
        {},
        {
          'created_at.gte': asked.from,
          'created_at.lt': asked.to,
          limit: '1000',
          ...(cursor ? { page_cursor: cursor } : {}),
        },
      );
      expect(page.status).toBe(200);
      const body = page.body as { items: Row[]; next_page_cursor?: string };
      listed.push(...body.items);
      cursor = body.next_page_cursor;
      pages += 1;
    } while (cursor);
    // Beside the demo's own history of that day.
    const groups = new Set(
      listed.filter((t) => made.some((m) => m.id === t.id)).map((t) => t.group_id),
    );
    const ours = listed.filter((t) => groups.has(t.group_id));
    expect(pages).toBe(3);
    expect(ours).toHaveLength(2_400);
    expect(new Set(ours.map((t) => t.status))).toEqual(new Set(['COMPLETED']));
    expect(
      ours
        .filter((t) => t.direction === 'DEBIT')
        .map((t) => t.id)
        .sort(),
    ).toEqual(made.map((t) => t.id).sort());
  });

  it.each([
    ['no transfers', { count: 0 }],
    ['a period that ends before it begins', { to: '2026-05-01T00:00:00Z' }],
    ['a period that ends after the sandbox now', { to: '2026-06-02T00:00:00Z' }],
    ['an amount that is not a decimal string', { amount: 0.01 }],
    ['a member it does not know', { speed: 'fast' }],
  ])('refuses %s (400), making nothing', async (_, over) => {
    const res = await sbx.control('POST', '/history/transfers', volume(over));
    expect(res.status).toBe(400);
    const state = (await sbx.control('GET', '/state')).body as { transfers: Row[] };
    expect(state.transfers.some((t) => String(t.ref_id ?? '').startsWith('day-'))).toBe(false);
  });
});

describe('GET /sandbox/log', () => {
  it("stamps each request with its real time, apart from the sandbox's moved clock", async () => {
    const first = sbx.wall.now();
    await sbx.read('listTransfers', {}, { limit: '1' });
    sbx.wall.advance(250);
    await sbx.control('POST', '/clock', { advance_ms: 3_600_000 });
    await sbx.read('listTransfers', {}, { limit: '1' });
    const log = (await sbx.control('GET', '/log')).body as {
      requests: { path: string; at: string; received_ms: number }[];
    };
    const reads = log.requests.filter((r) => r.path.startsWith('/v2/transfer/transfers'));
    expect(reads.map((r) => r.received_ms)).toEqual([first, first + 250]);
    expect(Date.parse(reads[1]!.at) - Date.parse(reads[0]!.at)).toBe(3_600_000);
  });
});
