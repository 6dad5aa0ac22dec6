/**
 * The audit trail on and off the send path (issue 57, ADR 022), run once by hand and reported
 * there, not a test: `node_modules/.bin/tsx scripts/seal-figures.ts DATABASE_URL`. On PostgreSQL,
 * in schemas of their own (dropped), the journal's two writes of a send from several processes
 * at once: with the migrations up to 029 (each commit appends under the one lock of all chains)
 * and with 032 (each commit writes its record pending; a sealer chains them apart). It times the
 * sends, samples how often a backend waits on the advisory lock, and, after, the seal's lag.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingRecords, sealPending } from '../src/audit/audit-sealer';
import { verifyAuditTrail } from '../src/audit/audit-verify';
import type { Db } from '../src/db/db';
import { applyMigrations, listMigrations } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres-db';
import { journalEntry } from '../test/audit-trail';

const url = process.argv[2];
if (!url) throw new Error('usage: seal-figures.ts DATABASE_URL');
const PROCESSES = 4;
const PER_PROCESS = 4;
const SENDS = 100;

const inSchema = (schema: string) => `${url}${url.includes('?') ? '&' : '?'}search_path=${schema}`;

/** The migrations up to `last` (inclusive), in a directory of their own. */
function migrationsTo(last: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  const source = join(import.meta.dirname, '../src/db/migrations');
  for (const m of listMigrations(source)) {
    if (m.name <= last) cpSync(join(source, `${m.name}.sql`), join(dir, `${m.name}.sql`));
  }
  return dir;
}

/** One send's two journal writes, as the trail's tests make them; its time in milliseconds. */
async function send(db: Db): Promise<number> {
  const start = performance.now();
  await journalEntry(db);
  return performance.now() - start;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function run(label: string, last: string, sealer: boolean) {
  const schema = `seal_fig_${randomUUID().replaceAll('-', '')}`;
  const admin = openPostgres(url!);
  await admin.exec(`create schema ${schema}`);
  const pools = Array.from({ length: PROCESSES }, () => openPostgres(inSchema(schema)));
  const probe = openPostgres(inSchema(schema));
  try {
    await applyMigrations(pools[0]!, migrationsTo(last));
    for (let i = 0; i < 20; i += 1) await send(pools[0]!);
    let waits = 0;
    let samples = 0;
    let maxLag = 0;
    let running = true;
    const sampler = (async () => {
      while (running) {
        const [row] = await admin.query<{ n: string }>(
          `select count(*)::text as n from pg_stat_activity
           where wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        samples += 1;
        if (Number(row!.n) > 0) waits += 1;
        if (sealer) maxLag = Math.max(maxLag, (await pendingRecords(probe)).lagSeconds);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const sealing = (async () => {
      while (sealer && running) {
        await sealPending(pools[0]!);
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    const start = performance.now();
    const times = (
      await Promise.all(
        pools.flatMap((db) =>
          Array.from({ length: PER_PROCESS }, async () => {
            const mine: number[] = [];
            for (let i = 0; i < SENDS; i += 1) mine.push(await send(db));
            return mine;
          }),
        ),
      )
    ).flat();
    const seconds = (performance.now() - start) / 1000;
    running = false;
    await Promise.all([sampler, sealing]);
    const sealStart = performance.now();
    const sealed = sealer ? await sealPending(pools[0]!) : 0;
    const sealMs = performance.now() - sealStart;
    // Before 032 there is no pending table for the verification of now to read.
    const report = sealer ? await verifyAuditTrail(pools[0]!) : undefined;
    const [chained] = await pools[0]!.query<{ n: string }>(
      `select count(*)::text as n from audit_records where chain = 'journal'`,
    );
    console.log(
      `${label}: ${times.length} sends in ${seconds.toFixed(1)} s (${(times.length / seconds).toFixed(0)}/s), ` +
        `p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms; ` +
        `a backend waiting on an advisory lock in ${waits} of ${samples} samples` +
        (sealer
          ? `; seal lag at most ${maxLag.toFixed(2)} s, last ${sealed} records sealed in ${sealMs.toFixed(0)} ms`
          : '') +
        `; journal chain ${chained!.n} records` +
        (report ? `, verifies: ${report.ok}, pending ${report.pending.count}` : ''),
    );
  } finally {
    await Promise.all([...pools, probe].map((p) => p.close()));
    await admin.exec(`drop schema ${schema} cascade`);
    await admin.close();
  }
}

await run('before (029, append at commit under one lock)', '029-zzz', false);
await run('after (032, pending, sealed apart)', '032-zzz', true);
