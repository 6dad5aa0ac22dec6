/**
 * Figure 4: the journal on embedded PGlite (a data directory on disk, as `pnpm start` uses it),
 * through the BFF's own journal store. 100 000 entries are bulk-inserted first, so that a send's
 * writes and a filtered page are measured on a journal that has been used for a while.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@console/bff/src/db/db';
import { openDb } from '@console/bff/src/db/open-db';
import { createJournalStore, type JournalStore } from '@console/bff/src/journal/journal-store';
import type { JournalFilter } from '@console/bff/src/journal/journal-query';
import { exampleInput, WRITE_OPERATION_IDS, operations } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason, notMeasured } from '../lib/figure';
import { formatMs, median, percentile, round } from '../lib/stats';
import { seedJournal } from './journal-seed';

const ENTRIES = 1_000_000;
const WRITE_WARMUP = 30;
const WRITES = 300;
const PAGE_WARMUP = 3;
const PAGE_RUNS = 15;
const WRITE = 'Journal write per send (PGlite)';
const PAGE = `Journal page of 50 with a filter, ${ENTRIES.toLocaleString('en-US').replaceAll(',', ' ')} entries`;
const WRITE_GOAL = 'p50 < 2 ms';
const PAGE_GOAL = '< 50 ms';

export const journalCost: Figure = {
  id: 'journal',
  timeoutMs: 600_000,
  rows: [
    { figure: WRITE, goal: WRITE_GOAL },
    { figure: PAGE, goal: PAGE_GOAL },
  ],
  run: measure,
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  const dir = join(ctx.workDir, 'journal');
  mkdirSync(dir, { recursive: true });
  const db: Db = await openDb({ dataDir: dir });
  try {
    const journal = createJournalStore(db);
    ctx.log(`  inserting ${ENTRIES} entries`);
    const seedStart = performance.now();
    const latest = await seedJournal(db, ENTRIES);
    const seedMs = performance.now() - seedStart;
    const write = await writes(journal, seedMs);
    // A broken filter costs its own row only.
    const page = await pages(journal, latest, await orderRefId(db)).catch((error: unknown) =>
      notMeasured(PAGE, PAGE_GOAL, failureReason(error)),
    );
    return [write, page];
  } finally {
    await db.close();
  }
}

/** One send's journal writes: the SENDING entry before sending, then its outcome. */
async function writes(journal: JournalStore, seedMs: number): Promise<Row> {
  const times: number[] = [];
  const creates: number[] = [];
  const outcomes: number[] = [];
  for (let i = 0; i < WRITE_WARMUP + WRITES; i++) {
    const input = exampleInput('createInternalTransfer');
    const body = JSON.stringify({ ...input, ref_id: crypto.randomUUID() });
    const start = performance.now();
    const entry = await journal.create({
      operation: 'createInternalTransfer',
      operator: 'bench',
      operator_name: 'Bench',
      ref_id: crypto.randomUUID(),
      method: 'POST',
      request_path: operations.createInternalTransfer.path,
      request_body: body,
      request_id: crypto.randomUUID(),
    });
    const created = performance.now();
    await journal.recordOutcome(entry.id, {
      state: 'SUCCEEDED',
      attempts: 1,
      response_status: 200,
      response: { id: crypto.randomUUID(), status: 'PENDING', amount: input.amount },
      error: null,
    });
    if (i >= WRITE_WARMUP) {
      times.push(performance.now() - start);
      creates.push(created - start);
      outcomes.push(performance.now() - created);
    }
  }
  const p50 = median(times);
  return {
    figure: WRITE,
    value: `p50 ${formatMs(p50)}; p99 ${formatMs(percentile(times, 99))}`,
    baseline: '',
    ratio: '',
    goal: WRITE_GOAL,
    pass: p50 < 2,
    raw: {
      p50_ms: round(p50),
      p99_ms: round(percentile(times, 99)),
      create_p50_ms: round(median(creates)),
      outcome_p50_ms: round(median(outcomes)),
      writes: WRITES,
      seed_ms: round(seedMs),
    },
    note: `a send writes twice: insert SENDING (p50 ${formatMs(median(creates))}) and record the outcome (p50 ${formatMs(median(outcomes))}); ${WRITES} sends on a journal of ${ENTRIES} entries (bulk insert took ${formatMs(seedMs)})`,
  };
}

/**
 * The reference id of an order placed mid-way through the journal's history: a lookup of an id
 * the journal does not hold would measure an empty index probe, not the page an operator opens.
 */
async function orderRefId(db: Db): Promise<string> {
  const rows = await db.query<{ ref_id: string }>(
    `select ref_id from journal_entries where operation = 'createOrder'
     order by created_at limit 1 offset $1`,
    [Math.floor(ENTRIES / 2 / WRITE_OPERATION_IDS.length)],
  );
  if (!rows[0]) throw new Error('the seeded journal holds no order');
  return rows[0].ref_id;
}

/** The filters an operator uses; the figure is the slowest of them, each its median. */
function filters(latest: Date, orderRef: string): Record<string, JournalFilter> {
  const day = 86_400_000;
  return {
    'operation + state': { operation: 'createOrder', state: 'SUCCEEDED' },
    'operator + one day': {
      operator: 'alice',
      from: new Date(latest.getTime() - 2 * day),
      to: new Date(latest.getTime() - day),
    },
    // An order's page finds the entry that placed it by its reference id.
    'order by ref_id': { operation: 'createOrder', ref_id: orderRef },
    'state UNKNOWN': { state: 'UNKNOWN' },
    'operation, page 20': { operation: WRITE_OPERATION_IDS[2] },
  };
}

async function pages(journal: JournalStore, latest: Date, orderRef: string): Promise<Row> {
  const results: Record<string, number> = {};
  for (const [name, filter] of Object.entries(filters(latest, orderRef))) {
    // A deep page is reached through the cursors of the pages before it, as the UI does.
    const deep = name.endsWith('page 20');
    let cursor: string | undefined;
    if (deep) {
      for (let page = 1; page < 20; page++) {
        cursor = (await journal.list({ ...filter, cursor }, 50)).next_cursor ?? undefined;
      }
    }
    const times: number[] = [];
    for (let run = 0; run < PAGE_WARMUP + PAGE_RUNS; run++) {
      const start = performance.now();
      const page = await journal.list({ ...filter, cursor }, 50);
      if (run >= PAGE_WARMUP) times.push(performance.now() - start);
      if (page.items.length === 0) throw new Error(`the filter "${name}" found nothing`);
    }
    results[name] = median(times);
  }
  const [slowest, ms] = Object.entries(results).sort((a, b) => b[1] - a[1])[0]!;
  return {
    figure: PAGE,
    value: `${formatMs(ms)} (slowest: ${slowest})`,
    baseline: '',
    ratio: '',
    goal: PAGE_GOAL,
    pass: ms < 50,
    raw: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, round(v)])),
    note: Object.entries(results)
      .map(([name, value]) => `${name} ${formatMs(value)}`)
      .join('; '),
  };
}
