/**
 * The Insights page's reads at 1 000 000 journal entries (issue 62, ADR 036): money moved per UTC
 * day over 7, 30 and 92 days, through the BFF's own insights store, on PGlite on disk as
 * `pnpm start` uses it. The rollup is built by the journal's own trigger while the entries are
 * inserted (the incremental path, not a batch job), so the figure also says what the seed cost.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@console/bff/src/db/db';
import { openDb } from '@console/bff/src/db/open-db';
import { createInsightsStore } from '@console/bff/src/insights/insights-store';
import { LIMITED_OPERATIONS } from '@console/bff/src/rules/send-amount';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { formatMs, median, round } from '../lib/stats';
import { seedJournal } from './journal-seed';

const ENTRIES = 1_000_000;
const WARMUP = 3;
const RUNS = 15;
const PERIODS = [7, 30, 92];
const READ = `Insights read: money moved per day, ${ENTRIES.toLocaleString('en-US').replaceAll(',', ' ')} entries`;
const GOAL = '≤ 200 ms';

export const insightsReads: Figure = {
  id: 'insights',
  timeoutMs: 900_000,
  rows: [{ figure: READ, goal: GOAL }],
  run: measure,
};

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function measure(ctx: BenchContext): Promise<Row[]> {
  const dir = join(ctx.workDir, 'insights');
  mkdirSync(dir, { recursive: true });
  const db: Db = await openDb({ dataDir: dir });
  try {
    ctx.log(`  inserting ${ENTRIES} entries, rolled up as they are written`);
    const seedStart = performance.now();
    const latest = await seedJournal(db, ENTRIES);
    const seedMs = performance.now() - seedStart;
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
    }
    // The rollup against the journal itself: every success of a moving operation counted once.
    const [truth] = await db.query<{ n: number | string }>(
      `select count(*) as n from journal_entries
       where state = 'SUCCEEDED' and operation = any($1::text[])`,
      [LIMITED_OPERATIONS],
    );
    const [slowest, ms] = Object.entries(results).sort((a, b) => b[1] - a[1])[0]!;
    const agrees = Number(truth!.n) === counted;
    return [
      {
        figure: READ,
        value: `${formatMs(ms)} (slowest: ${slowest})`,
        baseline: '',
        ratio: '',
        goal: GOAL,
        pass: ms <= 200 && agrees,
        raw: {
          ...Object.fromEntries(Object.entries(results).map(([k, v]) => [k, round(v)])),
          seed_ms: round(seedMs),
          sends_counted: counted,
          sends_in_journal: Number(truth!.n),
        },
        note: `${Object.entries(results)
          .map(([name, value]) => `${name} ${formatMs(value)}`)
          .join(
            '; ',
          )}; ${counted} sends counted, ${agrees ? 'as' : 'NOT as'} the journal holds; seeding with the rollup took ${formatMs(seedMs)}`,
      },
    ];
  } finally {
    await db.close();
  }
}
