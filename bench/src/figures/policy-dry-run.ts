/**
 * The dry run of a draft policy (issue 38) over 100 000 journal entries on embedded PGlite (a
 * data directory on disk, as `pnpm start` uses it), through the BFF's own `dryRun`: every entry
 * read in keyset pages, decided by the version then in force and by the draft. The goal is the
 * issue's: under 10 s on this machine.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_POLICY_FILE } from '@console/bff/src/approvals/policy-file';
import { openDb } from '@console/bff/src/db/open-db';
import { staticDirectory } from '@console/bff/src/operators/operator-directory';
import { dryRun } from '@console/bff/src/policy/dry-run';
import { createPolicyStore } from '@console/bff/src/policy/policy-store';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { formatMs, median, round } from '../lib/stats';
import { seedJournal } from './journal-seed';

const ENTRIES = 100_000;
const RUNS = 3;
const FIGURE = `Policy dry run over ${ENTRIES.toLocaleString('en-US').replaceAll(',', ' ')} journal entries (PGlite)`;
const GOAL = '< 10 s';
const DAY_MS = 86_400_000;

/**
 * The built-in policy with internal transfers of USD up to 200 sent at once, and orders above 50
 * USD of notional held: the seeded transfers (125.50 USD) and market buys (100 USD) change outcome
 * both ways, so that the figure includes listing changes and their rules in words.
 */
const DRAFT = {
  ...DEFAULT_POLICY_FILE,
  operations: {
    ...DEFAULT_POLICY_FILE.operations,
    createInternalTransfer: {
      required: true,
      roles: ['finance', 'admin'],
      required_above: { USD: '200', '*': '0' },
    },
    createOrder: {
      required: true,
      roles: ['finance'],
      required_above: { USD: '50', '*': '0' },
      two_above: { USD: '50000', '*': '0' },
    },
  },
};

export const policyDryRun: Figure = {
  id: 'policy-dry-run',
  timeoutMs: 300_000,
  rows: [{ figure: FIGURE, goal: GOAL }],
  run: async (ctx) => [await measure(ctx)],
};

async function measure(ctx: BenchContext): Promise<Row> {
  const dir = join(ctx.workDir, 'policy-dry-run');
  mkdirSync(dir, { recursive: true });
  const db = await openDb({ dataDir: dir });
  try {
    ctx.log(`  inserting ${ENTRIES} entries`);
    const latest = await seedJournal(db, ENTRIES);
    const store = createPolicyStore(db);
    // The version then in force for every entry (none is stamped): found by its time.
    await store.seed(DEFAULT_POLICY_FILE, 'built-in', new Date(latest.getTime() - 60 * DAY_MS));
    const directory = staticDirectory(
      ['alice', 'bob', 'carol', 'dave'].map((username, i) => ({
        username,
        display_name: username,
        role: i % 2 === 0 ? 'finance' : 'admin',
        password_hash: 'unused',
      })),
    );
    const period = {
      from: new Date(latest.getTime() - 30 * DAY_MS),
      to: new Date(latest.getTime() + 1),
    };
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof dryRun>> | undefined;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      last = await dryRun({ db, store, directory }, { draft: DRAFT, ...period });
      times.push(performance.now() - start);
      if (last.entries !== ENTRIES) {
        throw new Error(`the dry run read ${last.entries} entries, not ${ENTRIES}`);
      }
    }
    const ms = median(times);
    return {
      figure: FIGURE,
      value: formatMs(ms),
      baseline: '',
      ratio: '',
      goal: GOAL,
      pass: ms < 10_000,
      raw: {
        median_ms: round(ms),
        runs_ms: times.map((t) => round(t)),
        entries: last!.entries,
        changed: last!.changed.total,
      },
      note: `median of ${RUNS} runs (${times.map(formatMs).join(', ')}), each reading all ${ENTRIES} entries in pages of 5 000 and deciding each twice; ${last!.changed.total} change outcome under the draft`,
    };
  } finally {
    await db.close();
  }
}
