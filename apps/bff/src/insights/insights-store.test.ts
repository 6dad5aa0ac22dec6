import { operations, type JournalState } from '@console/schemas';
import Big from 'big.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { jsonb, type Db, type Queryable } from '../db/db';
import { createLogger } from '../logger';
import { createJournalStore, type NewJournalEntry } from '../journal/journal-store';
import { LIMITED_OPERATIONS, limitedAmount } from '../rules/send-amount';
import { INSIGHTS_ROLL_JOB, rollIfHolder, rollPending } from './insights-roller';
import { createInsightsStore } from './insights-store';

type Mover = 'createInternalTransfer' | 'createSvcTransfer' | 'createOrchestration';

/** One send of a case: when it was journaled, what it moved and how it ended. */
interface Send {
  at: string;
  operation: Mover;
  asset: string;
  amount: string;
  state: JournalState;
  /** An UNKNOWN outcome settled later as SUCCEEDED, at this time. */
  settledAt?: string;
}

/** Tickers in the shared market data: [bid, ask] by market. */
type Tickers = Record<string, [string, string]>;

function body(send: Send) {
  if (send.operation === 'createOrchestration') {
    return { profile_id: 'p1', source_asset: send.asset, source_amount: send.amount };
  }
  return { from_profile_id: 'p1', to_profile_id: 'p2', asset: send.asset, amount: send.amount };
}

const entry = (send: Send, n: number): NewJournalEntry => ({
  operation: send.operation,
  operator: 'finance',
  operator_name: 'Fay',
  ref_id: `ref-${n}`,
  method: 'POST',
  request_path: '/v2/transfer',
  request_body: JSON.stringify(body(send)),
  request_id: `req-${n}`,
});

const outcome = (state: 'SUCCEEDED' | 'REJECTED' | 'UNKNOWN') => ({
  state,
  attempts: 1,
  response_status: state === 'SUCCEEDED' ? 201 : state === 'REJECTED' ? 400 : null,
  response: state === 'UNKNOWN' ? null : {},
  error: state === 'SUCCEEDED' ? null : 'no',
});

async function setTickers(db: Db, tickers: Tickers) {
  for (const [market, [bid, ask]] of Object.entries(tickers)) {
    await db.query(
      `insert into market_data (path, body, fetched_at) values ($1, $2::text::jsonb, now())
       on conflict (path) do update set body = excluded.body, fetched_at = now()`,
      [
        `/v2/markets/${market}/ticker`,
        jsonb({ best_bid: { price: bid }, best_ask: { price: ask } }),
      ],
    );
  }
}

/** One unit of `asset` in USD from `tickers`, as the migration's function prices it. */
function usdPrice(asset: string, tickers: Tickers): Big | undefined {
  const mid = (market: string) => {
    const t = tickers[market];
    return t ? new Big(t[0]).plus(t[1]).div(2) : undefined;
  };
  if (asset === 'USD') return new Big(1);
  const direct = mid(`${asset}USD`);
  if (direct) return direct;
  const [btc, cross] = [mid('BTCUSD'), mid(`BTC${asset}`)];
  return btc && cross && !cross.eq(0) ? btc.div(cross).round(8) : undefined;
}

/** The same figures summed by brute force over the whole journal, with big.js. */
async function bruteForce(db: Db, from: string, to: string, tickers: Tickers) {
  const rows = await db.query<{ operation: string; request_body: string; created_at: Date }>(
    `select operation, request_body, created_at from journal_entries where state = 'SUCCEEDED'`,
  );
  const sums = new Map<string, { amount: Big; sends: number; usd: Big; unpriced: number }>();
  for (const row of rows) {
    const moved = limitedAmount(row.operation, JSON.parse(row.request_body));
    const day = new Date(row.created_at).toISOString().slice(0, 10);
    if (!moved || day < from || day > to) continue;
    const key = `${day} ${row.operation} ${moved.asset}`;
    const sum = sums.get(key) ?? { amount: new Big(0), sends: 0, usd: new Big(0), unpriced: 0 };
    const price = usdPrice(moved.asset, tickers);
    sums.set(key, {
      amount: sum.amount.plus(moved.amount),
      sends: sum.sends + 1,
      usd: price ? sum.usd.plus(moved.amount.times(price)) : sum.usd,
      unpriced: sum.unpriced + (price ? 0 : 1),
    });
  }
  return [...sums.entries()].sort().map(([key, s]) => {
    const [day, operation, asset] = key.split(' ');
    return { day, operation, asset, ...s, amount: s.amount.toFixed(), usd: s.usd.toFixed() };
  });
}

const count = async (db: Queryable, from: string) =>
  Number((await db.query<{ n: string | number }>(`select count(*) as n from ${from}`))[0]!.n);

/**
 * `n` transfers in one statement, as an import would write them: amounts 0.0 to 96.9 in three
 * assets, one entry a minute from 2026-03-01, one in seven refused (all in `state` if given).
 */
async function bulkInsert(db: Queryable, n: number, state?: JournalState) {
  const body = `json_build_object('from_profile_id', 'p1', 'to_profile_id', 'p2',
    'asset', (array['USD', 'BTC', 'ETH'])[g % 3 + 1],
    'amount', (g % 97)::text || '.' || (g % 10)::text)::text`;
  await db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, request_id, created_at, updated_at)
     select 'bulk-' || g, 'createInternalTransfer', 'o', 'O', 'ref-' || g,
       coalesce($2, case when g % 7 = 0 then 'REJECTED' else 'SUCCEEDED' end), 'POST',
       '/v2/transfer',
       ${body}, md5(g::text), 'req-' || g,
       '2026-03-01T00:00:00Z'::timestamptz + g * interval '1 minute',
       '2026-03-01T00:00:00Z'::timestamptz + g * interval '1 minute'
     from generate_series(1, $1::int) g`,
    [n, state ?? null],
  );
}

const PRICES: Tickers = { BTCUSD: ['30000.10', '30000.20'], BTCEUR: ['27000', '27000.30'] };
const ETH_WEI = '0.000000000000000001';

/** Each case: its sends, the tickers known while they were counted, and what the rollup says. */
const CASES: {
  name: string;
  sends: Send[];
  tickers: Tickers;
  period: [string, string];
  expect: { day: string; operation: string; asset: string; amount: string; sends: number }[];
}[] = [
  {
    name: 'decimals sum exactly: 0.1 + 0.2 is 0.3, and 18 places survive',
    sends: [
      {
        at: '2026-03-02T10:00:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '0.1',
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-02T11:00:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '0.2',
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-02T12:00:00Z',
        operation: 'createInternalTransfer',
        asset: 'ETH',
        amount: ETH_WEI,
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-02T13:00:00Z',
        operation: 'createInternalTransfer',
        asset: 'ETH',
        amount: '1.5',
        state: 'SUCCEEDED',
      },
    ],
    tickers: PRICES,
    period: ['2026-03-01', '2026-03-07'],
    expect: [
      {
        day: '2026-03-02',
        operation: 'createInternalTransfer',
        asset: 'ETH',
        amount: '1.500000000000000001',
        sends: 2,
      },
      { day: '2026-03-02', operation: 'createSvcTransfer', asset: 'USD', amount: '0.3', sends: 2 },
    ],
  },
  {
    name: 'days are UTC days: 23:30 and 00:30 UTC fall on two days, whatever a local zone says',
    sends: [
      {
        at: '2026-03-01T23:30:00Z',
        operation: 'createSvcTransfer',
        asset: 'BTC',
        amount: '0.5',
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-02T00:30:00Z',
        operation: 'createSvcTransfer',
        asset: 'BTC',
        amount: '0.25',
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-02T00:40:00Z',
        operation: 'createOrchestration',
        asset: 'EUR',
        amount: '100',
        state: 'SUCCEEDED',
      },
    ],
    tickers: PRICES,
    period: ['2026-03-01', '2026-03-02'],
    expect: [
      { day: '2026-03-01', operation: 'createSvcTransfer', asset: 'BTC', amount: '0.5', sends: 1 },
      {
        day: '2026-03-02',
        operation: 'createOrchestration',
        asset: 'EUR',
        amount: '100',
        sends: 1,
      },
      { day: '2026-03-02', operation: 'createSvcTransfer', asset: 'BTC', amount: '0.25', sends: 1 },
    ],
  },
  {
    name: 'only what the service accepted counts: refused, unknown, held and sending do not',
    sends: [
      {
        at: '2026-03-03T09:00:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '7',
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-03T09:01:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '100',
        state: 'REJECTED',
      },
      {
        at: '2026-03-03T09:02:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '200',
        state: 'UNKNOWN',
      },
      {
        at: '2026-03-03T09:03:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '300',
        state: 'AWAITING_APPROVAL',
      },
      {
        at: '2026-03-03T09:04:00Z',
        operation: 'createSvcTransfer',
        asset: 'USD',
        amount: '400',
        state: 'SENDING',
      },
    ],
    tickers: {},
    period: ['2026-03-03', '2026-03-03'],
    expect: [
      { day: '2026-03-03', operation: 'createSvcTransfer', asset: 'USD', amount: '7', sends: 1 },
    ],
  },
  {
    name: 'a late outcome changes its own day: yesterday’s unknown send settled today counts yesterday',
    sends: [
      {
        at: '2026-03-04T22:00:00Z',
        operation: 'createInternalTransfer',
        asset: 'BTC',
        amount: '2',
        state: 'UNKNOWN',
        settledAt: '2026-03-05T08:00:00Z',
      },
      {
        at: '2026-03-05T09:00:00Z',
        operation: 'createInternalTransfer',
        asset: 'BTC',
        amount: '1',
        state: 'SUCCEEDED',
      },
    ],
    tickers: PRICES,
    period: ['2026-03-04', '2026-03-05'],
    expect: [
      {
        day: '2026-03-04',
        operation: 'createInternalTransfer',
        asset: 'BTC',
        amount: '2',
        sends: 1,
      },
      {
        day: '2026-03-05',
        operation: 'createInternalTransfer',
        asset: 'BTC',
        amount: '1',
        sends: 1,
      },
    ],
  },
  {
    name: 'an asset without a price is counted, its USD left out and said so',
    sends: [
      {
        at: '2026-03-06T09:00:00Z',
        operation: 'createSvcTransfer',
        asset: 'SGD',
        amount: '50',
        state: 'SUCCEEDED',
      },
      {
        at: '2026-03-06T09:00:00Z',
        operation: 'createSvcTransfer',
        asset: 'EUR',
        amount: '10',
        state: 'SUCCEEDED',
      },
    ],
    tickers: PRICES,
    period: ['2026-03-06', '2026-03-06'],
    expect: [
      { day: '2026-03-06', operation: 'createSvcTransfer', asset: 'EUR', amount: '10', sends: 1 },
      { day: '2026-03-06', operation: 'createSvcTransfer', asset: 'SGD', amount: '50', sends: 1 },
    ],
  },
];

describe.each(testDatabases)('money moved on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec(
      `delete from journal_entries; delete from insight_money_entries;
       delete from insight_money_days; delete from market_data;`,
    );
  });

  /** Journals and settles each send as the send path does, at its own time. */
  async function journal(sends: Send[]) {
    const db = opened.db;
    await Promise.all(
      sends.map(async (send, n) => {
        const store = createJournalStore(db, () => new Date(send.at));
        const held = ['AWAITING_APPROVAL', 'SENDING'].includes(send.state);
        const created = await store.create(entry(send, n), held ? send.state : 'SENDING');
        if (held) return;
        await store.recordOutcome(created.id, outcome(send.state as 'SUCCEEDED'));
        if (!send.settledAt) return;
        const later = createJournalStore(db, () => new Date(send.settledAt!));
        await later.recordLateOutcome(created.id, outcome('SUCCEEDED'));
      }),
    );
  }

  /** The read of `from`..`to`, checked the same before the roller runs, part-way and after. */
  async function readEveryWay(from: string, to: string, tickers: Tickers) {
    const truth = await bruteForce(opened.db, from, to, tickers);
    const store = createInsightsStore(opened.db);
    const unrolled = await store.moneyMoved({ from, to });
    expect(unrolled.days).toEqual(truth);
    await rollPending(opened.db, { batch: 1, maxBatches: 1 });
    expect((await store.moneyMoved({ from, to })).days).toEqual(truth);
    await rollPending(opened.db);
    expect(await count(opened.db, 'insight_money_entries where not rolled')).toBe(0);
    const rolled = await store.moneyMoved({ from, to });
    expect(rolled).toEqual(unrolled);
    return rolled;
  }

  it.each(CASES)('$name', async ({ sends, tickers, period, expect: expected }) => {
    await setTickers(opened.db, tickers);
    await journal(sends);
    const [from, to] = period;
    const read = await readEveryWay(from, to, tickers);
    expect(read.days).toMatchObject(expected);
    expect(read.usd_total).toBe(
      read.days.reduce((sum, d) => sum.plus(d.usd), new Big(0)).toFixed(),
    );
  });

  it('a send appends its own row and takes no lock on the days: concurrent sends never wait', async () => {
    const locks = `pg_locks where relation = 'insight_money_days'::regclass
      and pid = pg_backend_pid()`;
    const seen = await opened.db.transaction(async (tx) => {
      // As the send path writes an entry: journaled SENDING, then its outcome.
      await bulkInsert(tx, 1, 'SENDING');
      await tx.query(`update journal_entries set state = 'SUCCEEDED'`);
      const bySend = [await count(tx, locks), await count(tx, 'insight_money_entries')];
      // The control: the roller's upsert is seen when it runs.
      await rollPending(tx);
      return [...bySend, await count(tx, locks)];
    });
    expect(seen[0]).toBe(0);
    expect(seen[1]).toBe(1);
    expect(seen[2]).toBeGreaterThan(0);
  });

  it('a late outcome changes yesterday after yesterday was rolled', async () => {
    const yesterday: Send = {
      at: '2026-03-04T22:00:00Z',
      operation: 'createInternalTransfer',
      asset: 'BTC',
      amount: '2.5',
      state: 'UNKNOWN',
    };
    await journal([yesterday]);
    await rollPending(opened.db);
    const store = createInsightsStore(opened.db);
    const period = { from: '2026-03-04', to: '2026-03-05' };
    expect((await store.moneyMoved(period)).days).toEqual([]);
    const later = createJournalStore(opened.db, () => new Date('2026-03-05T08:00:00Z'));
    const [row] = await opened.db.query<{ id: string }>('select id from journal_entries');
    await later.recordLateOutcome(row!.id, outcome('SUCCEEDED'));
    const read = await readEveryWay(period.from, period.to, {});
    expect(read.days).toMatchObject([{ day: '2026-03-04', amount: '2.5', sends: 1 }]);
  });

  it('keeps the USD of a send at the price known when it was counted, not a later one', async () => {
    await setTickers(opened.db, PRICES);
    const send: Send = {
      at: '2026-03-02T10:00:00Z',
      operation: 'createSvcTransfer',
      asset: 'BTC',
      amount: '2',
      state: 'SUCCEEDED',
    };
    await journal([send]);
    await setTickers(opened.db, { BTCUSD: ['1', '1'] });
    const read = await createInsightsStore(opened.db).moneyMoved({
      from: '2026-03-02',
      to: '2026-03-02',
    });
    expect(read).toMatchObject({ usd_total: '60000.3', sends: 1, unpriced: 0, time_zone: 'UTC' });
  });

  it('moves sends that arrive together, batched in one statement, each into its day', async () => {
    const sends: Send[] = Array.from({ length: 24 }, (_, n) => ({
      at: `2026-03-0${1 + (n % 3)}T12:00:00Z`,
      operation: 'createSvcTransfer',
      asset: n % 2 ? 'USD' : 'BTC',
      amount: `${n}.01`,
      state: n % 5 === 0 ? 'REJECTED' : 'SUCCEEDED',
    }));
    await journal(sends);
    const read = await createInsightsStore(opened.db).moneyMoved({
      from: '2026-03-01',
      to: '2026-03-03',
    });
    expect(read.days).toEqual(await bruteForce(opened.db, '2026-03-01', '2026-03-03', {}));
    expect(read.sends).toBe(sends.filter((s) => s.state === 'SUCCEEDED').length);
  });

  it('takes away what an entry added when it leaves SUCCEEDED, at the price it was counted at', async () => {
    await setTickers(opened.db, PRICES);
    const sends: Send[] = ['1', '2'].map((amount) => ({
      at: '2026-03-02T10:00:00Z',
      operation: 'createSvcTransfer',
      asset: 'BTC',
      amount,
      state: 'SUCCEEDED',
    }));
    await journal(sends);
    // Folded before it leaves: the reversal negates the row kept, not a price read now.
    await rollPending(opened.db);
    await setTickers(opened.db, { BTCUSD: ['1', '1'] });
    const leave = `update journal_entries set state = $1 where request_body like '%"amount":"2"%'`;
    await opened.db.query(leave, ['REJECTED']);
    // Leaving twice (a second update that keeps it out) takes away nothing more.
    await opened.db.query(leave, ['UNKNOWN']);
    const read = await readEveryWay('2026-03-02', '2026-03-02', PRICES);
    expect(read).toMatchObject({ usd_total: '30000.15', sends: 1 });
    // Back in SUCCEEDED: counted again, at the price known now.
    await opened.db.query(leave, ['SUCCEEDED']);
    const back = await createInsightsStore(opened.db).moneyMoved({
      from: '2026-03-02',
      to: '2026-03-02',
    });
    expect(back).toMatchObject({ usd_total: '30002.15', sends: 2, unpriced: 0 });
  });

  it('a roll while sends are written loses and doubles nothing', async () => {
    const other = await opened.second();
    const sends: Send[] = Array.from({ length: 60 }, (_, n) => ({
      at: `2026-03-0${1 + (n % 3)}T12:${String(n).padStart(2, '0')}:00Z`,
      operation: 'createSvcTransfer',
      asset: n % 2 ? 'USD' : 'ETH',
      amount: `${n}.000000000000000001`,
      state: n % 4 === 0 ? 'REJECTED' : 'SUCCEEDED',
    }));
    let writing = true;
    const written = journal(sends).finally(() => {
      writing = false;
    });
    let folded = 0;
    while (writing) {
      folded += await rollPending(other, { batch: 3, maxBatches: 2 });
      // PGlite answers within the same turn: the sends' timers get theirs.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await written;
    folded += await rollPending(other);
    expect(folded).toBe(await count(opened.db, 'insight_money_entries'));
    await readEveryWay('2026-03-01', '2026-03-03', {});
  });

  it('two rollers at once never fold a row twice', async () => {
    await bulkInsert(opened.db, 2000);
    const other = await opened.second();
    const [a, b] = await Promise.all([
      rollPending(opened.db, { batch: 50 }),
      rollPending(other, { batch: 50 }),
    ]);
    expect(a + b).toBe(await count(opened.db, 'insight_money_entries'));
    expect(await count(opened.db, 'insight_money_entries where not rolled')).toBe(0);
    const read = await createInsightsStore(opened.db).moneyMoved({
      from: '2026-03-01',
      to: '2026-03-05',
    });
    expect(read.days).toEqual(await bruteForce(opened.db, '2026-03-01', '2026-03-05', {}));
  });

  it('one roller at a time by its job lease', async () => {
    await opened.db.query('delete from job_leases where kind = $1', [INSIGHTS_ROLL_JOB]);
    await bulkInsert(opened.db, 10);
    const logger = createLogger('silent');
    const options = (owner: string) => ({ db: opened.db, owner, intervalMs: 1000, logger });
    expect(await rollIfHolder(options('first'))).toBe(10 - Math.floor(10 / 7));
    expect(await rollIfHolder(options('second'))).toBeNull();
    expect(await rollIfHolder(options('first'))).toBe(0);
  });

  it('fires only for the operations that move money, the same list as the table', async () => {
    const [defs, ops] = await Promise.all([
      opened.db.query<{ def: string }>(
        `select pg_get_triggerdef(oid) as def from pg_trigger
         where tgrelid = 'journal_entries'::regclass and tgname like 'insight_money_%'`,
      ),
      opened.db.query<{ operation: string }>('select operation from insight_money_operations'),
    ]);
    expect(defs).toHaveLength(2);
    for (const { def } of defs) {
      const listed = [...def.matchAll(/'(create\w+)'/g)].map((m) => m[1]).sort();
      expect(listed).toEqual(ops.map((o) => o.operation).sort());
    }
  });

  it('counts a bulk statement of thousands of entries, a row each, as the brute force does', async () => {
    await bulkInsert(opened.db, 5000);
    const read = await createInsightsStore(opened.db).moneyMoved({
      from: '2026-03-01',
      to: '2026-03-05',
    });
    expect(read.days).toEqual(await bruteForce(opened.db, '2026-03-01', '2026-03-05', {}));
    expect(read.sends).toBe(5000 - Math.floor(5000 / 7));
    await readEveryWay('2026-03-01', '2026-03-05', {});
  });

  it('counts the operations the limits count, with the fields the registry names', async () => {
    const rows = await opened.db.query<{
      operation: string;
      amount_key: string;
      asset_key: string;
    }>('select operation, amount_key, asset_key from insight_money_operations order by operation');
    const registry = [...LIMITED_OPERATIONS].sort().map((id) => {
      const fields = operations[id].approval.amount!;
      return { operation: id, amount_key: fields.amount, asset_key: fields.asset };
    });
    expect(rows).toEqual(registry);
  });
});
