/**
 * What a batch costs the BFF per row (issue 39): a 1 000-row file of internal transfers checked
 * and uploaded over the HTTP API by one operator, approved by a second, and sent by the BFF's
 * batch sender until every row is final, against a single send of the same operation through
 * `POST /api/operations/createInternalTransfer`, in the same stack. The figure is CPU, read from
 * /proc for the BFF process (PGlite is in it) or the BFF and its PostgreSQL server's backends:
 * the pacer lets internal transfers leave at 16 a second, so a batch takes about a minute of wall
 * time whatever it costs, and the BFF's own background work (the watcher's reads, the timers) is
 * measured while idle and shown apart.
 */
import { DEMO_IDS, exampleInput, type Batch } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { formatMs, formatRatio, round } from '../lib/stats';
import { runRounds } from '../load/rounds';
import { addOperator } from '../stack/bff-process';
import { DATABASE_NAMES, startStack, type Database, type Stack } from '../stack/stack';

const ROWS = 1_000;
const OPERATION = 'createInternalTransfer' as const;
/** The send `bff-latency` measures, beside it in the rounds. */
const QUOTE = 'createCryptoWithdrawalFee' as const;
/** A cent each: the file's total stays far inside the treasury's seeded balance. */
const AMOUNT = '0.01';
/** The BFF left alone this long first: the CPU it spends on its own, per second. */
const IDLE_SECONDS = 5;
/** How often the batch is read while it is sent (a browser's progress bar reads about as often). */
const POLL_MS = 2_000;
/** 1 000 rows at 16 a second is about 63 s; more means the batch is stuck. */
const SEND_LIMIT_MS = 180_000;
/** The single send, one at a time as a batch's rows go: what one send costs, unbatched. */
const SINGLE = { connections: 1, warmupSeconds: 2, runSeconds: 4, rounds: 3 } as const;

const names = (database: Database) => {
  const on = DATABASE_NAMES[database];
  return {
    row: `Batch CPU per row sent, 1 000 internal transfers (${on})`,
    upload: `Batch check + create CPU per row, 1 000 internal transfers (${on})`,
  };
};

export function batchCost(database: Database): Figure {
  const name = names(database);
  return {
    id: `batch-cost-${database}`,
    timeoutMs: 300_000,
    rows: [
      { figure: name.row, goal: '' },
      { figure: name.upload, goal: '' },
    ],
    run: (ctx) => measure(ctx, database),
  };
}

/** A file of `ROWS` transfers from the treasury, each told apart by its reason (no duplicates). */
function payoutFile(): string {
  const { treasury, payouts, trading } = DEMO_IDS.profiles;
  const lines = ['from_profile_id,to_profile_id,asset,amount,metadata.reason'];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(`${treasury},${i % 2 ? trading : payouts},USD,${AMOUNT},bench payout ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

async function call<T>(
  stack: Stack,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stack.bff.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** CPU milliseconds `work` made the BFF (and its database server) spend, with its result. */
async function cpuOf<T>(stack: Stack, work: () => Promise<T>): Promise<{ value: T; cpu: number }> {
  const before = stack.bffCpuMs();
  const value = await work();
  return { value, cpu: stack.bffCpuMs() - before };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(ctx: BenchContext, database: Database): Promise<Row[]> {
  const stack = await startStack(ctx, `batch-cost-${database}`, database);
  try {
    const uploader = stack.bff.headers;
    const approver = await addOperator(stack.bff, 'bench-approver', 'finance');

    // What the BFF spends on its own (watcher, sweeps, the sender's looks) while nobody asks.
    const idleStart = performance.now();
    const idle = await cpuOf(stack, () => sleep(IDLE_SECONDS * 1000));
    const idlePerSecond = idle.cpu / ((performance.now() - idleStart) / 1000);

    const file = { operation: OPERATION, file_name: 'bench-payouts.csv', text: payoutFile() };
    ctx.log(`  check and create ${ROWS} rows`);
    const check = await cpuOf(stack, () =>
      call<{ valid_rows: number; invalid_rows: number; file_errors: string[] }>(
        stack,
        'POST',
        '/api/batches/check',
        uploader,
        file,
      ),
    );
    if (check.value.valid_rows !== ROWS) {
      throw new Error(
        `the check found ${check.value.valid_rows} valid rows of ${ROWS}: ${check.value.file_errors.join(' ')}`,
      );
    }
    const create = await cpuOf(stack, () =>
      call<Batch>(stack, 'POST', '/api/batches', uploader, file),
    );
    const batch = create.value;

    ctx.log(`  approve and send (paced: about ${Math.round(ROWS / 16)} s)`);
    const sendStart = performance.now();
    const sent = await cpuOf(stack, async () => {
      await call<Batch>(stack, 'POST', `/api/batches/${batch.id}/approve`, approver, {
        rows_hash: batch.rows_hash,
      });
      for (;;) {
        const now = await call<Batch>(stack, 'GET', `/api/batches/${batch.id}`, uploader);
        if (now.state === 'done' && now.counts.waiting === 0 && now.counts.sent === 0) return now;
        if (performance.now() - sendStart > SEND_LIMIT_MS) {
          throw new Error(
            `the batch was not done after ${SEND_LIMIT_MS / 1000} s: ${now.state}, ${JSON.stringify(now.counts)}`,
          );
        }
        await sleep(POLL_MS);
      }
    });
    const sendSeconds = (performance.now() - sendStart) / 1000;
    const done = sent.value;

    ctx.log(`  single sends, ${SINGLE.connections} at a time`);
    const single = await runRounds(
      ctx,
      [
        {
          name: 'single',
          url: `${stack.bff.url}/api/operations/${OPERATION}`,
          method: 'POST',
          headers: uploader,
          // No ref_id: the BFF mints one per send, as for an operator's form.
          body: JSON.stringify({ ...exampleInput(OPERATION), amount: AMOUNT }),
          cpuMs: stack.bffCpuMs,
        },
        {
          // bff-latency's send (a quote: no balance, no limits), to tie this run to that figure.
          name: 'quote',
          url: `${stack.bff.url}/api/operations/${QUOTE}`,
          method: 'POST',
          headers: uploader,
          body: JSON.stringify(exampleInput(QUOTE)),
          cpuMs: stack.bffCpuMs,
        },
      ],
      SINGLE,
      () => stack.sandbox.reset(),
    );
    return rows(database, {
      idlePerSecond,
      check: check.cpu,
      create: create.cpu,
      send: sent.cpu,
      sendSeconds,
      counts: done.counts,
      single: single.single.cpuPerRequestMs,
      singleOk: single.single.ok,
      singleFailures: single.single.failures,
      quote: single.quote.cpuPerRequestMs,
    });
  } finally {
    await stack.close();
  }
}

function rows(
  database: Database,
  m: {
    idlePerSecond: number;
    check: number;
    create: number;
    send: number;
    sendSeconds: number;
    counts: Batch['counts'];
    single: number;
    singleOk: number;
    singleFailures: string;
    quote: number;
  },
): Row[] {
  const name = names(database);
  const perRow = m.send / ROWS;
  const background = m.idlePerSecond * m.sendSeconds;
  const netPerRow = (m.send - background) / ROWS;
  const uploadPerRow = (m.check + m.create) / ROWS;
  const cpuOf =
    database === 'postgres' ? 'the BFF and its PostgreSQL server' : 'the BFF (PGlite in it)';
  const baseline = `single send ${formatMs(m.single)}`;
  const singleNote = `single send: ${OPERATION} through the BFF, 1 at a time, median of ${SINGLE.rounds} × ${SINGLE.runSeconds} s, ${m.singleOk} sends${m.singleFailures ? `, failed: ${m.singleFailures}` : ''}; in the same rounds bff-latency's ${QUOTE} ${formatMs(m.quote)} a send`;
  const counts = Object.entries(m.counts)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const raw = {
    rows: ROWS,
    operation: OPERATION,
    idle_cpu_ms_per_second: round(m.idlePerSecond),
    check_cpu_ms: round(m.check),
    create_cpu_ms: round(m.create),
    send_cpu_ms: round(m.send),
    send_seconds: round(m.sendSeconds),
    background_cpu_ms: round(background),
    single_send_cpu_ms: round(m.single),
    quote_cpu_ms: round(m.quote),
    counts: m.counts,
  };
  return [
    {
      figure: name.row,
      value: formatMs(perRow),
      baseline,
      ratio: formatRatio(perRow / m.single),
      goal: '',
      pass: null,
      raw: { ...raw, cpu_per_row_ms: round(perRow), net_cpu_per_row_ms: round(netPerRow) },
      note: `CPU of ${cpuOf} from the approval until every row was final (${counts}) over ${m.sendSeconds.toFixed(1)} s, the pacer's 16 a second, the batch read every ${POLL_MS / 1000} s, ÷ ${ROWS}; of it ${formatMs(m.idlePerSecond)} a second the BFF spends idle (${formatMs(background)} in all): ${formatMs(netPerRow)} a row without it; ${singleNote}; database statements not counted (the bench counts none)`,
    },
    {
      figure: name.upload,
      value: formatMs(uploadPerRow),
      baseline,
      ratio: formatRatio(uploadPerRow / m.single),
      goal: '',
      pass: null,
      raw: { ...raw, upload_cpu_per_row_ms: round(uploadPerRow) },
      note: `CPU of ${cpuOf}: POST /api/batches/check ${formatMs(m.check)} and POST /api/batches ${formatMs(m.create)} for the ${ROWS} rows (each parses, checks every row, reads names and balances, decides the policy; the create stores the batch too)`,
    },
  ];
}
