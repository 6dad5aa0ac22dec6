/**
 * The Insights page at 1 000 000 journal entries (issue 62, ADR 036), in process on PGlite on
 * disk as `pnpm start` uses it. The entries are inserted with the journal's insights triggers on
 * (each moving success appends its own row) and the roller then folds them, as its job would over
 * a few looks; the seed is timed against the same seed with the triggers off, in a database of
 * its own. Then money moved per UTC day over 7, 30 and 92 days through the BFF's own insights
 * store, and a send's two journal writes with the insights triggers on against off, in
 * interleaved rounds (the send path's added cost).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@console/bff/src/db/db';
import { openDb } from '@console/bff/src/db/open-db';
import { rollPending } from '@console/bff/src/insights/insights-roller';
import { createInsightsStore } from '@console/bff/src/insights/insights-store';
import { createJournalStore } from '@console/bff/src/journal/journal-store';
import { LIMITED_OPERATIONS } from '@console/bff/src/rules/send-amount';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { formatMs, median, percentile, round } from '../lib/stats';
import { sends } from './audit-chain-cost';
import { seedJournal } from './journal-seed';

const ENTRIES = 1_000_000;
const WARMUP = 3;
const RUNS = 15;
const PERIODS = [7, 30, 92];
const ROUNDS = 3;
const PER_ROUND = 100;
const MILLION = ENTRIES.toLocaleString('en-US').replaceAll(',', ' ');
const READ = `Insights read: money moved per day, ${MILLION} entries`;
const WRITE = 'Journal writes per send with the insights triggers (PGlite)';
const GOAL = '≤ 200 ms';
const WRITE_GOAL = '≤ 1.2× without';

export const insightsReads: Figure = {
  id: 'insights',
  timeoutMs: 2_400_000,
  rows: [
    { figure: READ, goal: GOAL },
    { figure: WRITE, goal: WRITE_GOAL },
  ],
  run: measure,
};

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Turns the journal's insights triggers on or off (the baselines are the same writes without). */
async function insightsTriggers(db: Db, on: boolean): Promise<void> {
  const verb = on ? 'enable' : 'disable';
  await db.exec(`alter table journal_entries ${verb} trigger insight_money_insert;
    alter table journal_entries ${verb} trigger insight_money_update;`);
}

/** The seed's time without the insights triggers, in a database of its own. */
async function bareSeedMs(dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const db: Db = await openDb({ dataDir: dir });
  try {
    await insightsTriggers(db, false);
    const start = performance.now();
    await seedJournal(db, ENTRIES);
    return performance.now() - start;
  } finally {
    await db.close();
  }
}

async function measure(ctx: BenchContext): Promise<Row[]> {
  const dir = join(ctx.workDir, 'insights');
  mkdirSync(dir, { recursive: true });
  const db: Db = await openDb({ dataDir: dir });
  try {
    ctx.log(`  inserting ${ENTRIES} entries with the insights triggers, then rolling them up`);
    const seedStart = performance.now();
    const latest = await seedJournal(db, ENTRIES);
    const seedMs = performance.now() - seedStart;
    const rollStart = performance.now();
    const rolled = await rollPending(db);
    const rollMs = performance.now() - rollStart;
    ctx.log(`  seeded in ${formatMs(seedMs)}, ${rolled} rows rolled up in ${formatMs(rollMs)}`);
    await db.exec('analyze insight_money_entries; analyze insight_money_days');
    const store = createInsightsStore(db);
    const results: Record<string, number> = {};
    let counted = 0;
    for (const days of PERIODS) {
      const period = {
        from: dayText(latest.getTime() - (days - 1) * 86_400_000),
        to: dayText(latest.getTime()),
      };
      const times: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const start = performance.now();
        const read = await store.moneyMoved(period);
        if (run >= WARMUP) times.push(performance.now() - start);
        if (days === 92) counted = read.sends;
      }
      results[`${days} days`] = median(times);
      ctx.log(`  read of ${days} days: ${formatMs(median(times))}`);
    }
    // The rollup against the journal itself: every success of a moving operation counted once.
    const [truth] = await db.query<{ n: number | string }>(
      `select count(*) as n from journal_entries
       where state = 'SUCCEEDED' and operation = any($1::text[])`,
      [LIMITED_OPERATIONS],
    );
    const [slowest, ms] = Object.entries(results).sort((a, b) => b[1] - a[1])[0]!;
    const agrees = Number(truth!.n) === counted;
    const write = await writeRow(ctx, db);
    ctx.log(`  inserting ${ENTRIES} entries without the insights triggers (the seed's baseline)`);
    const bareMs = await bareSeedMs(join(ctx.workDir, 'insights-bare'));
    const read: Row = {
      figure: READ,
      value: `${formatMs(ms)} (slowest: ${slowest})`,
      baseline: '',
      ratio: '',
      goal: GOAL,
      pass: ms <= 200 && agrees,
      raw: {
        ...Object.fromEntries(Object.entries(results).map(([k, v]) => [k, round(v)])),
        seed_ms: round(seedMs),
        seed_without_triggers_ms: round(bareMs),
        roll_ms: round(rollMs),
        rows_rolled: rolled,
        sends_counted: counted,
        sends_in_journal: Number(truth!.n),
      },
      note: `${Object.entries(results)
        .map(([name, value]) => `${name} ${formatMs(value)}`)
        .join(
          '; ',
        )}; ${counted} sends counted, ${agrees ? 'as' : 'NOT as'} the journal holds; seeding with the triggers took ${formatMs(seedMs)} (without: ${formatMs(bareMs)}), rolling up its ${rolled} rows ${formatMs(rollMs)}`,
    };
    return [read, write];
  } finally {
    await db.close();
  }
}

/** A moving send's journal writes with the insights triggers on against off, interleaved. */
async function writeRow(ctx: BenchContext, db: Db): Promise<Row> {
  const journal = createJournalStore(db);
  await sends(journal, 30);
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await insightsTriggers(db, false);
    off.push(...(await sends(journal, PER_ROUND)));
    await insightsTriggers(db, true);
    on.push(...(await sends(journal, PER_ROUND)));
  }
  const ratio = median(on) / median(off);
  ctx.log(`  a send's writes: p50 ${formatMs(median(on))} with, ${formatMs(median(off))} without`);
  return {
    figure: WRITE,
    value: `p50 ${formatMs(median(on))}; p99 ${formatMs(percentile(on, 99))}`,
    baseline: `p50 ${formatMs(median(off))}; p99 ${formatMs(percentile(off, 99))}`,
    ratio: `${ratio.toFixed(2)}×`,
    goal: WRITE_GOAL,
    pass: ratio <= 1.2,
    raw: {
      on_p50_ms: round(median(on)),
      on_p99_ms: round(percentile(on, 99)),
      off_p50_ms: round(median(off)),
      off_p99_ms: round(percentile(off, 99)),
      sends_each: ROUNDS * PER_ROUND,
    },
    note: `an internal transfer's two writes (SENDING, then SUCCEEDED: one row appended), with ${MILLION} entries in the journal; ${ROUNDS} interleaved rounds of ${PER_ROUND} sends with the insights triggers on and off`,
  };
}
