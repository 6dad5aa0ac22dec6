/**
 * A read through the BFF: Get Order (`GET /api/svc/v2/profiles/{profile_id}/orders/{id}`: session,
 * role, path and query checks, token, signature, send), 16 concurrent, against the same read sent
 * through a bare Node proxy and straight to the sandbox. All three hit one sandbox process, in
 * interleaved rounds, and the medians are compared.
 */
import { createSigner } from '@console/bff/src/upstream/signing';
import { DEMO_IDS } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason, notMeasured } from '../lib/figure';
import { cpuMs } from '../lib/cpu';
import type { Proc } from '../stack/processes';
import { formatMs, formatRatio, round } from '../lib/stats';
import { runRounds, type Target as RoundsTarget, type TargetSummary } from '../load/rounds';
import { startProxyProcess } from '../stack/proxy-process';
import { startStack, type Stack } from '../stack/stack';

const CONNECTIONS = 16;
const P50 = 'BFF read latency p50 (Get Order), 16 concurrent';
const RPS = 'BFF read throughput (Get Order), 16 concurrent';
const P50_GOAL = '≤ 1.2× proxy';

type Target = RoundsTarget<'sandbox' | 'proxy' | 'bff'>;

export const bffReadLatency: Figure = {
  id: 'bff-read-latency',
  timeoutMs: 150_000,
  async run(ctx) {
    try {
      return await measure(ctx);
    } catch (error) {
      const reason = failureReason(error);
      return [notMeasured(P50, P50_GOAL, reason), notMeasured(RPS, '', reason)];
    }
  },
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  const stack = await startStack(ctx, 'bff-read-latency');
  try {
    const proxy = await startProxyProcess(stack.dir, stack.sandbox.url);
    try {
      const targets = await prepareTargets(stack, proxy);
      const summaries = await runRounds(
        ctx,
        targets,
        { connections: CONNECTIONS, warmupSeconds: 2, runSeconds: 4, rounds: 3 },
        () => stack.sandbox.reset(),
      );
      return rows(summaries);
    } finally {
      await proxy.proc.stop();
    }
  } finally {
    await stack.close();
  }
}

/**
 * An order of the demo seed's history (its ids come from the sandbox's seeded generator, the same
 * after every reset). The baselines send the same read with a token and a signature made once:
 * what they measure is the sandbox and the hop.
 */
async function prepareTargets(stack: Stack, proxy: { url: string; proc: Proc }): Promise<Target[]> {
  const state = (await (await fetch(`${stack.sandbox.url}/sandbox/state`)).json()) as {
    orders: { id: string; profile_id: string; ref_id?: string }[];
  };
  const order = state.orders.find((o) => o.profile_id === DEMO_IDS.profiles.marketMaking);
  if (!order) throw new Error('the sandbox has no seeded order to read');
  const path = `/v2/profiles/${order.profile_id}/orders/${order.id}`;
  const probe = await fetch(`${stack.bff.url}/api/svc${path}`, { headers: stack.bff.headers });
  if (!probe.ok) throw new Error(`a read through the BFF answered ${probe.status}`);
  const token = await stack.sandbox.token('exchange:read_order');
  const signer = await createSigner({ privateKeyPem: stack.key.pem, kid: stack.key.kid });
  const direct = {
    authorization: `Bearer ${token}`,
    'svc-signature': await signer.sign({ method: 'GET', pathWithQuery: path, body: '' }),
  };
  return [
    { name: 'sandbox', url: stack.sandbox.url + path, method: 'GET', headers: direct },
    {
      name: 'proxy',
      url: proxy.url + path,
      cpuMs: () => cpuMs(proxy.proc.pid),
      method: 'GET',
      headers: direct,
    },
    {
      name: 'bff',
      url: `${stack.bff.url}/api/svc${path}`,
      method: 'GET',
      headers: stack.bff.headers,
      cpuMs: stack.bffCpuMs,
    },
  ];
}

function rows(s: Record<Target['name'], TargetSummary>): Row[] {
  const ratio = s.bff.p50 / s.proxy.p50;
  const note = `BFF, proxy and sandbox in separate processes; median of 3 × 4 s runs each; ${s.bff.ok} reads through the BFF${
    s.bff.failures ? `; failed: ${s.bff.failures}` : ''
  }${s.proxy.failures || s.sandbox.failures ? `; baseline failures: ${s.proxy.failures} ${s.sandbox.failures}` : ''}; CPU per request: BFF ${formatMs(s.bff.cpuPerRequestMs)}, proxy ${formatMs(s.proxy.cpuPerRequestMs)}`;
  return [
    {
      figure: P50,
      value: formatMs(s.bff.p50),
      baseline: `proxy ${formatMs(s.proxy.p50)}; direct ${formatMs(s.sandbox.p50)}`,
      ratio: formatRatio(ratio),
      goal: P50_GOAL,
      pass: s.bff.failures === '' && ratio <= 1.2,
      raw: { ...s, ratio: round(ratio), connections: CONNECTIONS },
      note,
    },
    {
      figure: RPS,
      value: `${s.bff.rps.toFixed(0)} req/s`,
      baseline: `proxy ${s.proxy.rps.toFixed(0)} req/s; direct ${s.sandbox.rps.toFixed(0)} req/s`,
      ratio: formatRatio(s.bff.rps / s.proxy.rps),
      goal: '',
      pass: null,
      raw: { ratio: round(s.bff.rps / s.proxy.rps) },
    },
  ];
}
