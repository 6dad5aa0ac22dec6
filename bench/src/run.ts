/**
 * `pnpm bench`: runs every figure in turn, prints one table and writes bench/results.json.
 *
 *   pnpm bench                  every figure; writes results.json
 *   pnpm bench signing journal  only figures whose id contains one of the words; prints only
 *   pnpm bench --keep           keeps the work directory (process logs) and prints its path
 *   pnpm bench latency --profile   and a CPU profile of the BFF under load (implies --keep)
 *
 * Everything runs on loopback, bounded in requests and in time: each figure has a time limit,
 * and the whole run a deadline after which children are stopped and the table printed as is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditChainCost } from './figures/audit-chain-cost';
import { auditProof } from './figures/audit-proof';
import { batchCost } from './figures/batch-cost';
import { bffLatency } from './figures/bff-latency';
import { bffMemory } from './figures/bff-memory';
import { bffReadLatency } from './figures/bff-read-latency';
import { initialJs } from './figures/initial-js';
import { insightsReads } from './figures/insights-reads';
import { journalCost } from './figures/journal-cost';
import { liveReads } from './figures/live-reads';
import { policyDryRun } from './figures/policy-dry-run';
import { reconcilePace } from './figures/reconcile-pace';
import { signingCost } from './figures/signing-cost';
import { startToHealth } from './figures/start-to-health';
import { tokenRequests } from './figures/token-requests';
import { workersThroughput } from './figures/workers-throughput';
import { unmeasured, type BenchContext, type Figure, type Row } from './lib/figure';
import { describeMachine } from './lib/machine';
import { RESULTS_FILE, ROOT } from './lib/paths';
import { formatTable } from './lib/table';
import { stopAll } from './stack/processes';

const FIGURES: Figure[] = [
  bffLatency('pglite'),
  bffLatency('postgres'),
  bffReadLatency('pglite'),
  bffReadLatency('postgres'),
  bffMemory,
  tokenRequests,
  signingCost,
  journalCost,
  insightsReads,
  auditChainCost,
  auditProof,
  policyDryRun,
  initialJs,
  startToHealth,
  workersThroughput,
  liveReads,
  batchCost('pglite'),
  reconcilePace,
];
/** Figures run only when a word asks for them (`pnpm bench batch-cost-postgres`): time. */
const ON_REQUEST: Figure[] = [batchCost('postgres')];
const DEADLINE_MS = 30 * 60_000;

const args = process.argv.slice(2);
const profile = args.includes('--profile');
const keep = profile || args.includes('--keep');
const words = args.filter((arg) => !arg.startsWith('--'));
const selected = words.length
  ? [...FIGURES, ...ON_REQUEST].filter((f) => words.some((w) => f.id.includes(w)))
  : FIGURES;

const workDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
const ctx: BenchContext = {
  root: ROOT,
  workDir,
  profile,
  log: (message) => process.stderr.write(`${message}\n`),
};
const rows: Row[] = [];
const started = new Date();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function finish(complete: boolean): void {
  const machine = describeMachine();
  const header = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB · Node ${machine.node}`;
  process.stdout.write(`\n${header}\n\n${formatTable(rows)}\n\n`);
  for (const row of rows.filter((r) => r.note))
    process.stdout.write(`- ${row.figure}: ${row.note}\n`);
  if (complete && words.length === 0) {
    const results = {
      date: started.toISOString(),
      machine,
      table: formatTable(rows),
      figures: rows,
    };
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`\nwritten to bench/results.json\n`);
  } else {
    process.stdout.write(
      `\nbench/results.json left as it was (not a complete run of every figure)\n`,
    );
  }
  if (keep) process.stdout.write(`process logs in ${workDir}\n`);
  else rmSync(workDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  for (const figure of selected) {
    ctx.log(`${figure.id}…`);
    const start = performance.now();
    try {
      rows.push(...(await withTimeout(figure.run(ctx), figure.timeoutMs, figure.id)));
    } catch (error) {
      await stopAll();
      rows.push(...unmeasured(figure, error));
    }
    ctx.log(`${figure.id} done in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  await stopAll();
  finish(true);
}

const deadline = setTimeout(() => {
  ctx.log(`the bench passed its ${DEADLINE_MS / 60_000} minute deadline: stopping`);
  void stopAll().then(() => {
    finish(false);
    process.exit(1);
  });
}, DEADLINE_MS);
deadline.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await stopAll();
    ctx.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
