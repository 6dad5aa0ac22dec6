/**
 * PGlite alone, as the BFF opens it, under the send path's journal writes: where its memory goes
 * (issue 42, ADR 026). One configuration per process, so that one's pages do not count in the
 * next's figures:
 *
 *   node --import ./src/stack/memory-probe.mjs --import tsx src/pglite-memory.ts \
 *     [--sends 100000] [--initial-memory-mib 128] [-c shared_buffers=16MB ...] [--default-conf]
 *     [--optimising-compiler]
 *
 * `-c` settings replace the BFF's own (`FRUGAL` in apps/bff/src/db/pglite-db.ts) when any are
 * given; `--default-conf` opens with PostgreSQL's defaults; `--optimising-compiler` lets V8
 * recompile PGlite's hot functions with TurboFan, as it does by default (the BFF does not). Prints one JSON line per moment
 * (opened, and every 25 000 sends): resident size, V8's heap, the WebAssembly heap, and what
 * PostgreSQL says its caches are.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FRUGAL, openPglite } from '@console/bff/src/db/pglite-db';
import { applyMigrations } from '@console/bff/src/db/migrate';
import { createJournalStore } from '@console/bff/src/journal/journal-store';
import { BFF_DIR } from './lib/paths';
import { mappings } from './lib/smaps';

const { values } = parseArgs({
  options: {
    sends: { type: 'string', default: '100000' },
    'initial-memory-mib': { type: 'string' },
    c: { type: 'string', multiple: true },
    'default-conf': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '16' },
    'optimising-compiler': { type: 'boolean', default: false },
  },
});
const sends = Number(values.sends);
const settings = {
  initialMemory: values['initial-memory-mib']
    ? Number(values['initial-memory-mib']) * 1024 * 1024
    : FRUGAL.initialMemory,
  postgresqlconf: values['default-conf'] ? [] : (values.c ?? FRUGAL.postgresqlconf),
  baselineCompilerOnly: !values['optimising-compiler'],
};

const probe = (await import('./stack/memory-probe.mjs' as string)) as {
  snapshot(): { heapUsed: number; external: number; arrayBuffers: number; wasm: number[] };
};

function status(): Record<string, number> {
  const text = readFileSync('/proc/self/status', 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1]);
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile'), hwm: kib('VmHWM') };
}

const MiB = 1024 * 1024;

/** This process's resident MiB by kind of mapping, named as the BFF's memory figure names them. */
function mappingsMib(): Record<string, number> {
  return Object.fromEntries(
    Object.entries(mappings('self')).map(([k, v]) => [`${k}_mib`, Math.round(v / MiB)]),
  );
}
async function report(moment: string, settingsShown?: Record<string, string | number>) {
  const { rss, anon, file, hwm } = status();
  const s = probe.snapshot();
  const line = {
    moment,
    rss_mib: Math.round(rss! / 1024),
    anon_mib: Math.round(anon! / 1024),
    file_mib: Math.round(file! / 1024),
    peak_mib: Math.round(hwm! / 1024),
    v8_heap_used_mib: Math.round(s.heapUsed / MiB),
    external_mib: Math.round(s.external / MiB),
    array_buffers_mib: Math.round(s.arrayBuffers / MiB),
    wasm_mib: s.wasm.map((b) => Math.round(b / MiB)),
    ...mappingsMib(),
    ...settingsShown,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

// The build's initialised cluster, as `pnpm start` unpacks it: initdb's own heap would count.
const seedFile = join(BFF_DIR, 'dist/pglite-seed.tar.gz');
if (!existsSync(seedFile)) throw new Error(`build the BFF first: no ${seedFile}`);
const seed = new Blob([readFileSync(seedFile)]);

const dir = mkdtempSync(join(tmpdir(), 'pglite-memory-'));
try {
  const db = await openPglite(join(dir, 'journal'), seed, settings);
  await applyMigrations(db);
  const shown: Record<string, string | number> = {};
  for (const name of [
    'shared_buffers',
    'work_mem',
    'maintenance_work_mem',
    'wal_buffers',
    'temp_buffers',
    'max_wal_size',
    'min_wal_size',
    'checkpoint_timeout',
    'wal_level',
    'synchronous_commit',
    'fsync',
  ]) {
    const rows = await db.query<Record<string, string>>(`show ${name}`);
    shown[name] = Object.values(rows[0]!)[0]!;
  }
  await report('opened', shown);
  const journal = createJournalStore(db);
  const cpuBefore = process.cpuUsage();
  const cpuMsPerSend = (count: number) => {
    const used = process.cpuUsage(cpuBefore);
    return { cpu_ms_per_send: Number(((used.user + used.system) / 1000 / count).toFixed(3)) };
  };
  let next = 0;
  const worker = async () => {
    while (next < sends) {
      const n = next++;
      const entry = await journal.create({
        operation: 'createCryptoWithdrawalFee',
        operator: 'bench',
        operator_name: 'Bench',
        ref_id: `ref-${n}`,
        method: 'POST',
        request_path: '/v2/crypto/withdrawal-fee',
        request_body: JSON.stringify({ ref_id: `ref-${n}`, asset: 'BTC', amount: '0.01' }),
        request_id: `req-${n}`,
      });
      await journal.recordOutcome(entry.id, {
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        response: { fee: '0.0001', asset: 'BTC', ref_id: `ref-${n}` },
        error: null,
      });
      if ((n + 1) % 25_000 === 0) await report(`${n + 1} sends`, cpuMsPerSend(n + 1));
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  const cpu = cpuMsPerSend(sends);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await report('settled', cpu);
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
