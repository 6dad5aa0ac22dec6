/**
 * What monitoring scrapes from `GET /api/metrics` (Prometheus text format): sends by operation
 * and outcome and their latency, token fetches, the service's status codes, the resolver's backlog
 * and its takeovers, approvals waiting. Labels hold operation ids, states and status codes only:
 * never an operator, a reference id, an amount or anything secret.
 */
import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import type { Backlog } from '../journal/journal-leases';
import type { ResolvedReport } from '../send/resolver';
import type { PendingRecords } from '../audit/audit-sealer';

/** A send as metrics see it. */
export interface SendReport {
  operation: string;
  /** The journal state it ended in (or AWAITING_APPROVAL when held). */
  state: string;
  seconds: number;
}

/** Creates the metrics of this process; `backlog` is read from the database at each scrape. */
export function createMetrics(options: {
  backlog: () => Promise<Backlog>;
  /** The audit trail's records not sealed yet (issue 57), read at each scrape. */
  auditPending?: () => Promise<PendingRecords>;
}) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'console_' });

  const sends = new Counter({
    name: 'console_sends_total',
    help: 'Sends to the service by operation and the journal state they ended in.',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const sendSeconds = new Histogram({
    name: 'console_send_duration_seconds',
    help: 'From the journal entry to its recorded outcome, retries included.',
    labelNames: ['operation'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const tokenFetches = new Counter({
    name: 'console_token_fetches_total',
    help: 'Requests to the token endpoint, by the status it answered (or no-answer).',
    labelNames: ['status'] as const,
    registers,
  });
  const upstream = new Counter({
    name: 'console_upstream_responses_total',
    help: 'Attempts to the service (writes and reads), by the status it answered (or no-answer).',
    labelNames: ['status'] as const,
    registers,
  });
  const takeovers = new Counter({
    name: 'console_leases_taken_over_total',
    help: 'Entries this process took over from another whose lease ran out (it stopped or stalled).',
    registers,
  });
  const settled = new Counter({
    name: 'console_resolver_settled_total',
    help: 'Entries the resolver took, by the state they were in and the state it left them in.',
    labelNames: ['was', 'state'] as const,
    registers,
  });
  // Read from the database: every process sees the same numbers, so the cluster keeps one.
  let reading: Promise<Backlog> | undefined;
  const backlog = () => (reading ??= options.backlog().finally(() => (reading = undefined)));
  new Gauge({
    name: 'console_resolver_backlog',
    help: 'Open entries: SENDING past their lease (a process stopped mid-send), and UNKNOWN.',
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers,
    async collect() {
      const now = await backlog();
      this.set({ kind: 'sending_past_lease' }, now.sendingPastLease);
      this.set({ kind: 'unknown' }, now.unknown);
    },
  });
  new Gauge({
    name: 'console_approvals_waiting',
    help: 'Requests waiting for approval.',
    aggregator: 'max',
    registers,
    async collect() {
      this.set((await backlog()).awaitingApproval);
    },
  });
  let pendingRead: Promise<PendingRecords> | undefined;
  const auditPending = options.auditPending;
  const pending = auditPending
    ? () => (pendingRead ??= auditPending().finally(() => (pendingRead = undefined)))
    : undefined;
  if (pending) {
    new Gauge({
      name: 'console_audit_pending_records',
      help: 'Audit records written by their change and not sealed onto their chain yet.',
      aggregator: 'max',
      registers,
      async collect() {
        this.set((await pending()).count);
      },
    });
    new Gauge({
      name: 'console_audit_seal_lag_seconds',
      help: 'Age of the oldest audit record not sealed yet (0 when none is): the seal lag.',
      aggregator: 'max',
      registers,
      async collect() {
        this.set((await pending()).lagSeconds);
      },
    });
  }
  if (cluster.isWorker) {
    // The primary asks every worker for its numbers when one of them is scraped.
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }

  return {
    registry,
    sent(report: SendReport): void {
      sends.inc({ operation: report.operation, outcome: report.state });
      sendSeconds.observe({ operation: report.operation }, report.seconds);
    },
    tokenFetched(status: number | 'no-answer'): void {
      tokenFetches.inc({ status: String(status) });
    },
    upstreamAnswered(status: number | 'no-answer'): void {
      upstream.inc({ status: String(status) });
    },
    resolved(report: ResolvedReport): void {
      settled.inc({ was: report.previousState, state: report.entry.state });
      if (report.takenOver) takeovers.inc();
    },
    /** The text to scrape: this process's, or the whole cluster's from a worker. */
    async render(): Promise<{ contentType: string; text: string }> {
      const text = cluster.isWorker ? await clusterText() : await registry.metrics();
      return { contentType: registry.contentType, text };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const ASK = 'console:metrics-request';
const ANSWER = 'console:metrics-answer';
let asked = 0;

/** From a worker: the primary aggregates every worker's metrics and sends the text back. */
function clusterText(): Promise<string> {
  const id = `${process.pid}-${(asked += 1)}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics'));
    }, 6_000);
    function onMessage(message: unknown) {
      const m = message as { type?: unknown; id?: unknown; text?: unknown; error?: unknown };
      if (m?.type !== ANSWER || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (typeof m.text === 'string') resolve(m.text);
      else reject(new Error(String(m.error)));
    }
    process.on('message', onMessage);
    process.send!({ type: ASK, id });
  });
}

/** In the primary: answers the workers' requests for the cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
