/**
 * Figure 1: latency and throughput through the BFF (session, validation, journal and signing
 * on), 16 concurrent, against the same request sent straight to the sandbox and through a bare
 * Node proxy. All three hit the same sandbox process; rounds interleave the three targets so
 * that a burst of noise from the shared machine lands on all of them, and the medians of the
 * rounds are compared.
 */
import { createSigner } from '@console/bff/src/upstream/signing';
import { exampleInput, operations } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { notMeasured } from '../lib/figure';
import { formatMs, formatRatio, round } from '../lib/stats';
import { runRounds, type Target as RoundsTarget } from '../load/rounds';
import { startProxyProcess } from '../stack/proxy-process';
import { startStack, type Stack } from '../stack/stack';

const CONNECTIONS = 16;
const WARMUP_SECONDS = 2;
const RUN_SECONDS = 4;
const ROUNDS = 3;
/** A quote: repeatable without a ref_id and without moving balances, so every run is alike. */
const OPERATION = 'createCryptoWithdrawalFee' as const;

const P50 = 'BFF latency p50, 16 concurrent';
const P99 = 'BFF latency p99, 16 concurrent';
const RPS = 'BFF throughput, 16 concurrent';
const P50_GOAL = '≤ 1.5× proxy';
const RPS_GOAL = '≥ 0.5× proxy';

type Target = RoundsTarget<'sandbox' | 'proxy' | 'bff'>;

export const bffLatency: Figure = {
  id: 'bff-latency',
  timeoutMs: 150_000,
  async run(ctx) {
    try {
      return await measure(ctx);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      return [
        notMeasured(P50, P50_GOAL, reason),
        notMeasured(P99, '', reason),
        notMeasured(RPS, RPS_GOAL, reason),
      ];
    }
  },
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  const stack = await startStack(ctx, 'bff-latency');
  try {
    const proxy = await startProxyProcess(stack.dir, stack.sandbox.url);
    try {
      const targets = await prepareTargets(stack, proxy.url);
      return await compare(ctx, targets, () => stack.sandbox.reset());
    } finally {
      await proxy.proc.stop();
    }
  } finally {
    await stack.close();
  }
}

/**
 * One send through the BFF gives the exact path and bytes it sent (its journal entry); the
 * baselines send those same bytes, with a token and a signature made once, since what they
 * measure is the sandbox and the hop, not the signing.
 */
async function prepareTargets(stack: Stack, proxyUrl: string): Promise<Target[]> {
  const bffBody = JSON.stringify(exampleInput(OPERATION));
  const bffUrl = `${stack.bff.url}/api/operations/${OPERATION}`;
  const probe = await fetch(bffUrl, { method: 'POST', headers: stack.bff.headers, body: bffBody });
  const answer = (await probe.json()) as {
    journal?: { request_path: string; request_body: string };
  };
  if (!probe.ok || !answer.journal) {
    throw new Error(
      `a send through the BFF answered ${probe.status}: ${JSON.stringify(answer).slice(0, 200)}`,
    );
  }
  const { request_path: path, request_body: body } = answer.journal;
  const token = await stack.sandbox.token(operations[OPERATION].scope);
  const signer = await createSigner({ privateKeyPem: stack.key.pem, kid: stack.key.kid });
  const direct = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'svc-signature': await signer.sign({ method: 'POST', pathWithQuery: path, body }),
  };
  return [
    { name: 'sandbox', url: stack.sandbox.url + path, method: 'POST', headers: direct, body },
    { name: 'proxy', url: proxyUrl + path, method: 'POST', headers: direct, body },
    { name: 'bff', url: bffUrl, method: 'POST', headers: stack.bff.headers, body: bffBody },
  ];
}

async function compare(
  ctx: BenchContext,
  targets: Target[],
  reset: () => Promise<void>,
): Promise<Row[]> {
  const summaries = await runRounds(
    ctx,
    targets,
    {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      runSeconds: RUN_SECONDS,
      rounds: ROUNDS,
    },
    reset,
  );
  const summary = (name: Target['name']) => summaries[name];
  const sandbox = summary('sandbox');
  const proxy = summary('proxy');
  const bff = summary('bff');
  const raw = {
    sandbox,
    proxy,
    bff,
    connections: CONNECTIONS,
    run_seconds: RUN_SECONDS,
    rounds: ROUNDS,
    operation: OPERATION,
  };
  const note = `BFF, proxy and sandbox in separate processes, journal on PGlite on disk; median of ${ROUNDS} × ${RUN_SECONDS} s runs each; ${OPERATION}; ${bff.ok} sends through the BFF${
    bff.failures ? `; failed: ${bff.failures}` : ''
  }${proxy.failures || sandbox.failures ? `; baseline failures: ${proxy.failures} ${sandbox.failures}` : ''}`;
  const ms = (value: number) => formatMs(value);
  const rps = (value: number) => `${value.toFixed(0)} req/s`;
  const p50Ratio = bff.p50 / proxy.p50;
  const rpsRatio = bff.rps / proxy.rps;
  return [
    {
      figure: P50,
      value: ms(bff.p50),
      baseline: `proxy ${ms(proxy.p50)}; direct ${ms(sandbox.p50)}`,
      ratio: formatRatio(p50Ratio),
      goal: P50_GOAL,
      pass: bff.failures === '' && p50Ratio <= 1.5,
      raw: { ...raw, ratio: round(p50Ratio) },
      note,
    },
    {
      figure: P99,
      value: ms(bff.p99),
      baseline: `proxy ${ms(proxy.p99)}; direct ${ms(sandbox.p99)}`,
      ratio: formatRatio(bff.p99 / proxy.p99),
      goal: '',
      pass: null,
      raw: { ratio: round(bff.p99 / proxy.p99) },
    },
    {
      figure: RPS,
      value: rps(bff.rps),
      baseline: `proxy ${rps(proxy.rps)}; direct ${rps(sandbox.rps)}`,
      ratio: formatRatio(rpsRatio),
      goal: RPS_GOAL,
      pass: bff.failures === '' && rpsRatio >= 0.5,
      raw: { ratio: round(rpsRatio) },
    },
  ];
}
