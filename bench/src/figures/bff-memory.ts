/**
 * Figure: the BFF's resident memory after 100 000 sends (goal: at most 256 MiB, so that the
 * embedded console fits a 512 MiB container), and how much it grew over the second 50 000. A
 * process that keeps something per send (a map never pruned, listeners, timers) grows with every
 * send; one that does not levels off once its caches are warm, so the second half is compared
 * with the first half's end. Read from /proc (VmRSS) after the load stops and the process
 * settles, with the journal on embedded PGlite, whose page cache lives in the process.
 *
 * The limit is held the whole run, as a container's would be: the resident size is sampled
 * every 200 ms under load, and the peak counts against the goal, not only the settled figure.
 * V8's old space is capped too (`--max-old-space-size`), so a JavaScript heap that outgrows its
 * share fails the run by crashing the BFF. A probe loaded into the BFF (`memory-probe.mjs`)
 * says what the resident size is made of: V8's heap, buffers outside it, PGlite's WebAssembly
 * heap.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_POLICY_FILE } from '@console/bff/src/approvals/policy-file';
import { exampleInput, WRITE_OPERATION_IDS } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { mappings } from '../lib/smaps';
import { round } from '../lib/stats';
import { describeFailures, runLoad } from '../load/load';
import { startStack } from '../stack/stack';

const SENDS = 100_000;
const CONNECTIONS = 16;
const SETTLE_MS = 3_000;
const SAMPLE_MS = 200;
/** Flat: the second half adds at most this share of what the first half ended with. */
const GROWTH_GOAL = 0.05;
/** Room to spare in a 512 MiB container (issue 42): the whole console, without the sandbox. */
const RESIDENT_GOAL_BYTES = 256 * 1024 * 1024;
/**
 * The flags the embedded console is to run under (ADR 026, apps/bff/README.md): V8's old space
 * capped at 96 MiB (the live heap is about 50 MiB after 100 000 sends; without a cap V8 lets
 * garbage grow the heap past 250 MiB on a machine with memory to spare) and its young generation
 * at 2 MiB semi-spaces. A JavaScript heap that outgrows its cap crashes the BFF, failing the run.
 */
const NODE_FLAGS = ['--max-old-space-size=96', '--max-semi-space-size=2'];
const OPERATION = 'createCryptoWithdrawalFee' as const;
const PROBE = fileURLToPath(new URL('../stack/memory-probe.mjs', import.meta.url));

const FIGURE = 'BFF resident memory after 100 000 sends';
const READERS_FIGURE =
  'BFF resident memory during the heavy reads of 100 000 entries (audit export, CSV, dry run)';
/** The container issue 42 names: the heavy reads must answer, and stay within it. */
const CONTAINER_BYTES = 512 * 1024 * 1024;
const READERS_GOAL = 'each answers 200 under the heap cap; peak ≤ 512 MiB';
const GOAL = `≤ 256 MiB, peak under load included; growth over the second 50 000 ≤ ${GROWTH_GOAL * 100} %`;

export const bffMemory: Figure = {
  id: 'bff-memory',
  timeoutMs: 600_000,
  rows: [
    { figure: FIGURE, goal: GOAL },
    { figure: READERS_FIGURE, goal: READERS_GOAL },
  ],
  run: measure,
};

/** Resident set size of `pid` in bytes (Linux), with its anonymous and file-backed parts. */
function resident(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const kib = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(status)?.[1];
    if (!kib) throw new Error(`no ${name} for process ${pid}`);
    return Number(kib) * 1024;
  };
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
}

/** What the probe in the BFF last wrote: `process.memoryUsage()` and the WebAssembly heaps. */
interface Probe {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, number>;
  wasm: number[];
}

function readProbe(file: string): Probe | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Probe) : undefined;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** One moment's breakdown, for the log and results.json. */
function breakdown(pid: number, probeFile: string) {
  const { rss, anon, file } = resident(pid);
  const probe = readProbe(probeFile);
  return {
    rss,
    rss_anon: anon,
    rss_file: file,
    ...mappings(pid),
    ...(probe
      ? {
          v8_heap_used: probe.heapUsed,
          v8_heap_total: probe.heapTotal,
          v8_code_space: probe.spaces['code_space'] ?? 0,
          external: probe.external,
          array_buffers: probe.arrayBuffers,
          wasm_memory: probe.wasm.reduce((a, b) => a + b, 0),
        }
      : {}),
  };
}

function describe(parts: ReturnType<typeof breakdown>): string {
  const shown = Object.entries(parts).map(([name, bytes]) => `${name} ${mib(bytes)}`);
  return shown.join(', ');
}

/** One request that builds a large heap, after the 100 000 sends: whether the BFF survived it. */
interface HeavyRead {
  what: string;
  ok: boolean;
  status: number | null;
  bytes: number;
  ms: number;
  error?: string;
}

const describeRead = (r: HeavyRead) =>
  `${r.what}: ${r.ok ? `${r.status}, ${mib(r.bytes)} in ${(r.ms / 1000).toFixed(1)} s` : `FAILED (${r.error ?? r.status})`}`;

/**
 * The requests whose answers grow with the journal, over all of it (issue 42): the audit trail's
 * signed export of the journal, the journal's CSV export, and the policy dry run of a draft that
 * holds more. A BFF whose heap outgrows its cap dies here and the figure fails.
 */
async function heavyReads(
  url: string,
  headers: Record<string, string>,
  log: (message: string) => void,
): Promise<HeavyRead[]> {
  const period = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
  const draft = {
    ...DEFAULT_POLICY_FILE,
    operations: Object.fromEntries(
      WRITE_OPERATION_IDS.map((id) => [id, { required: true, roles: ['finance', 'admin'] }]),
    ),
  };
  const requests: [string, string, RequestInit][] = [
    [
      'signed audit export of the journal',
      '/api/audit/exports',
      { method: 'POST', body: JSON.stringify({ kind: 'journal', ...period }) },
    ],
    ['journal CSV export', '/api/journal.csv', { method: 'GET' }],
    [
      'policy dry run of the 100 000 entries',
      '/api/policy/dry-run',
      { method: 'POST', body: JSON.stringify({ draft, ...period }) },
    ],
  ];
  const out: HeavyRead[] = [];
  for (const [what, path, init] of requests) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}${path}`, { ...init, headers });
      const bytes = (await response.arrayBuffer()).byteLength;
      out.push({
        what,
        ok: response.ok,
        status: response.status,
        bytes,
        ms: performance.now() - started,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      out.push({
        what,
        ok: false,
        status: null,
        bytes: 0,
        ms: performance.now() - started,
        error: message,
      });
    }
    log(`  ${describeRead(out.at(-1)!)}`);
  }
  return out;
}

async function measure(ctx: BenchContext): Promise<Row[]> {
  const probeFile = join(ctx.workDir, 'bff-memory-probe.json');
  const stack = await startStack(ctx, 'bff-memory', 'pglite', {
    nodeArgs: [...NODE_FLAGS, '--import', PROBE],
    // The audit key: its signed export is one of the heavy reads.
    env: { MEMORY_PROBE_FILE: probeFile },
    auditKey: true,
  });
  try {
    const url = `${stack.bff.url}/api/operations/${OPERATION}`;
    const body = JSON.stringify(exampleInput(OPERATION));
    const pid = stack.bff.proc.pid;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const start = breakdown(pid, probeFile);
    ctx.log(`  at start: ${describe(start)}`);
    let peak = start.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, resident(pid).rss);
      } catch {
        // The process is gone: the load fails and says so.
      }
    }, SAMPLE_MS);
    const cpuAtStart = stack.bffCpuMs();
    const half = async (label: string) => {
      const started = performance.now();
      const result = await runLoad({
        url,
        connections: CONNECTIONS,
        amount: SENDS / 2,
        method: 'POST',
        headers: stack.bff.headers,
        body,
        requests: [{}],
      });
      const failures = describeFailures(result);
      if (failures) throw new Error(`${label}: ${failures}`);
      // The sandbox logs every request: emptied so that its own memory does not slow the BFF.
      await stack.sandbox.reset();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const parts = breakdown(pid, probeFile);
      ctx.log(
        `  ${label}: ${result.ok} sends (CPU so far ${((stack.bffCpuMs() - cpuAtStart) / 1000).toFixed(1)} s) in ${((performance.now() - started) / 1000).toFixed(0)} s, ${describe(parts)}; peak so far ${mib(peak)}`,
      );
      return parts;
    };
    let first, second, readers: HeavyRead[];
    let sendsPeak = 0;
    try {
      first = await half('first 50 000');
      second = await half('second 50 000');
      // After the settled figure, with a peak of its own: what builds the largest heaps, over
      // the 100 000 entries.
      sendsPeak = peak;
      peak = second.rss;
      readers = await heavyReads(stack.bff.url, stack.bff.headers, ctx.log);
    } finally {
      clearInterval(sampler);
    }
    const readersPeak = peak;
    peak = sendsPeak;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const afterReads = breakdown(pid, probeFile);
    ctx.log(`  after the heavy reads: ${describe(afterReads)}; their peak ${mib(readersPeak)}`);
    const readersFailed = readers.filter((r) => !r.ok);
    const growth = (second.rss - first.rss) / first.rss;
    const cpuPerSendMs = (stack.bffCpuMs() - cpuAtStart) / SENDS;
    return [
      {
        figure: FIGURE,
        value: `${mib(second.rss)} (peak ${mib(peak)}); +${mib(second.rss - first.rss)} (${(growth * 100).toFixed(1)} %) over the second 50 000`,
        baseline: `${mib(start.rss)} at start; ${mib(first.rss)} after 50 000`,
        ratio: '',
        goal: GOAL,
        pass:
          second.rss <= RESIDENT_GOAL_BYTES && peak <= RESIDENT_GOAL_BYTES && growth <= GROWTH_GOAL,
        raw: {
          start_bytes: start.rss,
          after_50k_bytes: first.rss,
          after_100k_bytes: second.rss,
          peak_bytes: peak,
          growth: round(growth),
          cpu_per_send_ms: round(cpuPerSendMs),
          connections: CONNECTIONS,
          node_flags: NODE_FLAGS.join(' '),
          start,
          after_50k: first,
          after_100k: second,
        },
        note: `${SENDS} sends of ${OPERATION} at ${CONNECTIONS} concurrent, journal on PGlite (its page cache is in the BFF's memory), BFF under ${NODE_FLAGS.join(' ')}; RSS read ${SETTLE_MS / 1000} s after each half and sampled every ${SAMPLE_MS} ms for the peak; after 100 000: ${describe(second)}`,
      },
      {
        figure: READERS_FIGURE,
        value: `peak ${mib(readersPeak)}${readersFailed.length ? `; ${readersFailed.length} failed` : ''}`,
        baseline: `${mib(second.rss)} before them`,
        ratio: '',
        goal: READERS_GOAL,
        pass: readersFailed.length === 0 && readersPeak <= CONTAINER_BYTES,
        raw: {
          peak_bytes: readersPeak,
          before_bytes: second.rss,
          after: afterReads,
          reads: readers,
        },
        note: `the same BFF after its 100 000 sends, under the same flags, one request after the other: ${readers.map(describeRead).join('; ')}; RSS sampled every ${SAMPLE_MS} ms; ${SETTLE_MS / 1000} s after them: ${describe(afterReads)}`,
      },
    ];
  } finally {
    await stack.close();
  }
}
