/**
 * The audit trail's cost (issue 41, ADR 022), in process on PGlite on disk, as `pnpm start` uses
 * it. First, a send's two journal writes (SENDING, then the outcome) with the audit chain's
 * triggers, against the same writes with them disabled, in interleaved rounds. Then, in a
 * database of its own (the rounds without triggers left rows no record names, which binding
 * reports as forged), 100 000 entries verified, chain and binding, by the module that
 * `pnpm cli audit:verify`, the audit page and the scheduled verification call.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sealPending } from '@console/bff/src/audit/audit-sealer';
import { verifyAuditTrail } from '@console/bff/src/audit/audit-verify';
import type { Db } from '@console/bff/src/db/db';
import { openDb } from '@console/bff/src/db/open-db';
import { createJournalStore, type JournalStore } from '@console/bff/src/journal/journal-store';
import { exampleInput, operations } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason, notMeasured } from '../lib/figure';
import { formatMs, median, percentile, round } from '../lib/stats';

const ROUNDS = 3;
const PER_ROUND = 100;
const WARMUP = 30;
/** Each entry makes two records: created, and its state changed (issue 57: 100 000 entries). */
const VERIFY_ENTRIES = 100_000;
const WRITE = 'Journal writes per send with the audit chain (PGlite)';
const VERIFY = 'audit:verify with binding, 100 000 entries (PGlite)';
const WRITE_GOAL = '≤ 1.5× without';
const VERIFY_GOAL = '< 10 s';

export const auditChainCost: Figure = {
  id: 'audit-chain',
  timeoutMs: 900_000,
  rows: [
    { figure: WRITE, goal: WRITE_GOAL },
    { figure: VERIFY, goal: VERIFY_GOAL },
  ],
  run: measure,
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  const dir = join(ctx.workDir, 'audit-chain');
  mkdirSync(dir, { recursive: true });
  const db: Db = await openDb({ dataDir: dir });
  try {
    const journal = createJournalStore(db);
    await sends(journal, WARMUP);
    const chained: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await chain(db, false);
      bare.push(...(await sends(journal, PER_ROUND)));
      await chain(db, true);
      chained.push(...(await sends(journal, PER_ROUND)));
    }
    const write = writeRow(chained, bare);
    ctx.log(`  appending ${VERIFY_ENTRIES * 2} audit records`);
    const verify = await verifyRow(join(ctx.workDir, 'audit-verify')).catch((error: unknown) =>
      notMeasured(VERIFY, VERIFY_GOAL, failureReason(error)),
    );
    return [write, verify];
  } finally {
    await db.close();
  }
}

/** Turns the journal's audit triggers on or off (the baseline is the same writes without). */
async function chain(db: Db, on: boolean): Promise<void> {
  const verb = on ? 'enable' : 'disable';
  await db.exec(`alter table journal_entries ${verb} trigger audit_journal_insert;
    alter table journal_entries ${verb} trigger audit_journal_state;`);
}

/**
 * `count` sends' journal writes (an internal transfer: money moved), each timed from the insert
 * to the outcome recorded. Also the insights figure's.
 */
export async function sends(journal: JournalStore, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const input = exampleInput('createInternalTransfer');
    const start = performance.now();
    const entry = await journal.create({
      operation: 'createInternalTransfer',
      operator: 'bench',
      operator_name: 'Bench',
      ref_id: crypto.randomUUID(),
      method: 'POST',
      request_path: operations.createInternalTransfer.path,
      request_body: JSON.stringify({ ...input, ref_id: crypto.randomUUID() }),
      request_id: crypto.randomUUID(),
    });
    await journal.recordOutcome(entry.id, {
      state: 'SUCCEEDED',
      attempts: 1,
      response_status: 200,
      response: { id: crypto.randomUUID(), status: 'PENDING', amount: input.amount },
      error: null,
    });
    times.push(performance.now() - start);
  }
  return times;
}

function writeRow(chained: number[], bare: number[]): Row {
  const ratio = median(chained) / median(bare);
  return {
    figure: WRITE,
    value: `p50 ${formatMs(median(chained))}; p99 ${formatMs(percentile(chained, 99))}`,
    baseline: `p50 ${formatMs(median(bare))}; p99 ${formatMs(percentile(bare, 99))}`,
    ratio: `${ratio.toFixed(2)}×`,
    goal: WRITE_GOAL,
    pass: ratio <= 1.5,
    raw: {
      chained_p50_ms: round(median(chained)),
      chained_p99_ms: round(percentile(chained, 99)),
      bare_p50_ms: round(median(bare)),
      bare_p99_ms: round(percentile(bare, 99)),
      sends_each: ROUNDS * PER_ROUND,
    },
    note: `two records a send (created, state changed), written pending at commit without a lock (sealed apart, issue 57); ${ROUNDS} interleaved rounds of ${PER_ROUND} sends with the triggers on and off`,
  };
}

async function verifyRow(dir: string): Promise<Row> {
  mkdirSync(dir, { recursive: true });
  const db: Db = await openDb({ dataDir: dir });
  try {
    return await seededAndVerified(db);
  } finally {
    await db.close();
  }
}

async function seededAndVerified(db: Db): Promise<Row> {
  const seedStart = performance.now();
  await db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, request_id, created_at, updated_at)
     select 'audit-' || i, 'createInternalTransfer', 'bench', 'Bench', 'ref-audit-' || i, 'SENDING',
       'POST', '/v2/transfer/internal', '{"amount":"1.00"}',
       -- The body's real hash: verification binds the rows and recomputes it.
       encode(sha256(convert_to('{"amount":"1.00"}', 'UTF8')), 'hex'), 'req', now(), now()
     from generate_series(1, $1::int) i`,
    [VERIFY_ENTRIES],
  );
  await db.query(
    `update journal_entries set state = 'SUCCEEDED' where id like 'audit-%' and state = 'SENDING'`,
  );
  const seedMs = performance.now() - seedStart;
  // Written pending by the triggers (issue 57): sealed onto the chain before it is verified.
  const sealStart = performance.now();
  await sealPending(db);
  const sealMs = performance.now() - sealStart;
  const start = performance.now();
  const report = await verifyAuditTrail(db);
  const ms = performance.now() - start;
  const records = report.chains.reduce((sum, c) => sum + c.records, 0);
  if (!report.ok) throw new Error('the trail did not verify');
  return {
    figure: VERIFY,
    value: formatMs(ms),
    baseline: '',
    ratio: '',
    goal: VERIFY_GOAL,
    pass: ms < 10_000,
    raw: { verify_ms: round(ms), records, append_ms: round(seedMs), seal_ms: round(sealMs) },
    note: `${records} records walked and re-hashed, 5 000 positions a statement, and ${report.binding.rows} rows bound to them; writing them pending by the triggers took ${formatMs(seedMs)} (${formatMs(seedMs / records)} a record), sealing them ${formatMs(sealMs)}`,
  };
}
