import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import { createApprovalStore } from '../approvals/approval-store';
import { pendingRecords } from '../audit/audit-sealer';
import { auditKeyFromPem } from '../audit/audit-key';
import { createDestinationStore } from '../destinations/destination-store';
import { openDb } from '../db/open-db';
import type { Env } from '../env';
import { configurationWarnings } from '../env-warnings';
import { createJournalStore } from '../journal/journal-store';
import { createLogger, type Logger } from '../logger';
import { createFlowStore } from '../oidc/flow-store';
import { createSsoOperatorStore } from '../oidc/sso-operators';
import { createMetrics } from '../metrics/metrics';
import type { DemoOperators } from '../operators/demo-operators';
import { createCounterStore } from '../security/counter-store';
import { createSecurityEventStore } from '../security/security-events';
import { createSessionStore } from '../sessions/session-store';
import { createServiceBudget } from '../upstream/service-budget';
import type { EmbeddedSandbox } from './sandbox-mode';
import { journalDir } from './data-dirs';
import { proposeChangedFile, startPolicy } from './policy';
import { createReconciler } from '../reconcile/reconciler';
import { reconcileDefaults } from '../reconcile/reconcile-options';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from '../watch/watch-pace';
import { requestStop } from '../approvals/send-time-rules';
import { createBatchSender } from '../batches/batch-sender';
import { createServicePacer } from '../upstream/service-pace';
import { createUpstream, serviceOf } from './upstream';
import { defaultWebDist, localOrigin } from './addresses';
import { embeddedSandboxOf } from './embedded-sandbox';
import { operatorsOf } from './operators';
import { singleSignOnOf } from './single-sign-on';
import { startBackgroundJobs } from './background-jobs';

/** A running BFF. */
export interface RunningBff {
  url: string;
  sandbox: EmbeddedSandbox | undefined;
  demo: DemoOperators | undefined;
  /** Settings that work but are probably not what was meant (also logged). */
  warnings: string[];
  /** Settles when the resolver's first look (entries a stopped process left) is done. */
  resolved: Promise<unknown>;
  /**
   * Graceful shutdown: stops taking requests (ready answers 503), lets sends in flight finish
   * for up to `SHUTDOWN_GRACE_MS`, then stops waiting for the rest (journaled UNKNOWN), releases
   * this process's leases and closes the database.
   */
  close(): Promise<void>;
}

/** How long a graceful shutdown lets requests in flight finish before it stops waiting. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts everything from a validated configuration: the embedded sandbox when there is no
 * service, the database and its migrations, the operators, the upstream client and the HTTP
 * server; then the resolver, which settles entries a stopped process left (it may run while
 * requests are served: every entry is claimed before it is touched, so nothing is done twice).
 */
export async function startBff(
  env: Env,
  options: { logger?: Logger; webDist?: string } = {},
): Promise<RunningBff> {
  const logger = options.logger ?? createLogger(env.logLevel);
  const warnings = configurationWarnings(env);
  for (const warning of warnings) logger.warn({ configuration: true }, warning);
  const shutdown = new AbortController();
  // PGlite takes the longest to start: opened while the rest is prepared.
  const dbReady = openDb({
    ...(env.databaseUrl ? { databaseUrl: env.databaseUrl } : {}),
    dataDir: journalDir(env.dataDir),
  });
  dbReady.catch(() => {});

  const sandbox = await embeddedSandboxOf(env);
  const { demo, directory } = await operatorsOf(env, logger);

  const db = await dbReady;
  const journal = createJournalStore(db, undefined, { leaseMs: env.sendLeaseMs });
  // The backlog and the approvals waiting are read from the database at each scrape.
  const metrics = createMetrics({
    backlog: () => journal.leases.backlog(),
    auditPending: () => pendingRecords(db),
  });
  // The sign-in throttle, the operators' rate limits and the service budget: counted on the
  // database's relaxed side, shared by every process on it.
  const counters = createCounterStore(db.relaxed);
  const { client } = await createUpstream({
    ...serviceOf(env, sandbox),
    logger,
    ...(env.serviceBudgetPercent !== undefined
      ? { budget: createServiceBudget(counters, { percent: env.serviceBudgetPercent }) }
      : {}),
    onTokenAnswer: (status) => metrics.tokenFetched(status),
    onServiceAnswer: (status) => metrics.upstreamAnswered(status),
  });

  let accepting = true;
  // The policy in force is the database's newest version (issue 38): `policy` reads it live.
  const policies = await startPolicy(db, env.policySeed, logger);
  const policy = policies.holder.live;
  const approvals = createApprovalStore(db);
  const destinations = createDestinationStore(db);
  const flows = createFlowStore(db);
  // The port is filled in once the server listens (PORT=0 asks for any free port).
  const listen = { host: env.host, port: env.port };
  const origin = () => env.publicOrigin ?? localOrigin(listen);
  const sso = singleSignOnOf(env, origin, logger);
  const securityEvents = createSecurityEventStore(db);
  // The demo's own audit key where none was configured, as it makes its other keys.
  const auditPem = env.audit.keyPem ?? sandbox?.auditKeyPem;
  const auditKey = auditPem ? await auditKeyFromPem(auditPem) : undefined;
  // Reconciliation (issue 40): runs at the watcher's pace, or at its default share when this
  // deployment does not watch; one process at a time by its lease.
  const reconciler = createReconciler(
    { db, client, owner: journal.owner, logger },
    {
      ...reconcileDefaults(
        env.watchSpacingMs ?? watchSpacingMs(DEFAULT_WATCH_SHARE_PERCENT),
        env.timeoutMs,
      ),
      daily: env.reconcileDaily,
      pendingLimitMs: env.reconcilePendingLimitMs,
      sampleBefore: sandbox?.sampleBefore,
    },
  );
  const dispatchDeps = {
    journal,
    client,
    timeoutMs: env.timeoutMs,
    signal: shutdown.signal,
    observe: metrics.sent,
  };
  const ssoOperators = createSsoOperatorStore(db);
  const approvalDeps = {
    ...dispatchDeps,
    approvals,
    destinations,
    directory,
    policy,
    policyHolder: policies.holder,
    now: Date.now,
    scheduleClock: sandbox?.clock,
    securityEvents,
    ssoOperators,
  };
  // Batches (issue 39): one sender for the deployment by its job lease, each row paced by the
  // database's pacer (shared by every process) and sent through the ordinary pipeline.
  // Each row is asked of the policy in force just before it is journaled, as an approved single
  // send is before it leaves.
  const batchSender = createBatchSender({
    db,
    dispatch: dispatchDeps,
    pacer: createServicePacer(db, {
      ...(env.serviceBudgetPercent !== undefined ? { percent: env.serviceBudgetPercent } : {}),
    }),
    owner: journal.owner,
    leaseMs: env.sendLeaseMs,
    logger,
    stop: (request) => requestStop(approvalDeps, request),
  });
  const app = createApp({
    batchSender,
    counters: db.relaxed,
    db,
    reconciler,
    // The demo's organisation pays what its sandbox charges, so that estimates can be checked
    // against charges from the first order; a set FEE_SCHEDULE wins.
    feeSchedule: env.feeSchedule ?? sandbox?.feeSchedule,
    batchRepeatDays: env.batchRepeatDays,
    approvals,
    destinations,
    policy,
    policies: policies.store,
    policyHolder: policies.holder,
    journal,
    sessions: createSessionStore(db, { idleMs: env.sessionIdleMs, maxMs: env.sessionMaxMs }),
    securityEvents,
    security: {
      publicOrigin: env.publicOrigin,
      listen,
      trustProxy: env.trustProxy,
      signIn: env.signIn,
      sendRatePerMinute: env.sendRatePerMinute,
      readRatePerMinute: env.readRatePerMinute,
      bodyLimitBytes: env.bodyLimitBytes,
    },
    directory,
    client,
    logger,
    timeoutMs: env.timeoutMs,
    webDist: options.webDist ?? defaultWebDist(),
    signal: shutdown.signal,
    sso,
    passwordSignIn: !env.oidc || env.usersFile !== undefined,
    readiness: { accepting: () => accepting },
    observe: (report) => metrics.sent(report),
    ...(env.webhook ? { webhook: env.webhook } : {}),
    ...(auditKey ? { audit: { db, key: auditKey, checkpointFile: env.audit.checkpointFile } } : {}),
    notificationChannels: {
      email: env.notify.smtp !== undefined,
      chat: env.notify.webhook !== undefined,
    },
    ...(env.metricsToken
      ? { metrics: { token: env.metricsToken, render: () => metrics.render() } }
      : {}),
  });

  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve, reject) => {
      const server = serve(
        { fetch: app.fetch, port: env.port, hostname: env.host },
        (info: AddressInfo) => resolve({ server, port: info.port }),
      );
      server.once('error', reject);
    },
  );
  listen.port = port;
  // A changed policy file is proposed for an admin's approval, once, by whichever process claims it.
  await proposeChangedFile(approvalDeps, policies.store, env.policySeed, logger);
  const jobs = await startBackgroundJobs({
    replica: {
      db,
      journal,
      dispatch: dispatchDeps,
      approval: approvalDeps,
      leaseMs: env.sendLeaseMs,
      resolverIntervalMs: env.resolverIntervalMs,
      logger,
      metrics,
    },
    notifier: {
      db,
      journal,
      approvals,
      directory,
      ssoOperators,
      policy,
      settings: env.notify,
      client,
      timeoutMs: env.timeoutMs,
      origin,
      logger,
    },
    watcher: {
      db,
      client,
      owner: journal.owner,
      logger,
      spacingMs: env.watchSpacingMs,
      timeoutMs: env.timeoutMs,
    },
    audit: { db, owner: journal.owner, env, key: auditKey, logger },
    reconciler,
    batchSender,
    scheduleClock: sandbox?.clock,
    sweep: { approvals, journal, counters, flows: sso ? flows : undefined },
    logger,
  });

  return {
    url: `http://${env.host}:${port}`,
    warnings,
    sandbox,
    demo,
    resolved: jobs.firstLook,
    async close() {
      accepting = false;
      policies.holder.stop();
      jobs.stopAtOnce();
      // No new connections; idle keep-alive ones end now, busy ones after their answer.
      const closed = new Promise<void>((done) => server.close(() => done()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      const grace = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());
      // Sends in flight (requests and the resolver's look) get the grace period to finish.
      await Promise.race([Promise.all([closed, jobs.stopInFlight()]), grace(SHUTDOWN_GRACE_MS)]);
      // The rest stop waiting and are journaled UNKNOWN rather than left SENDING.
      shutdown.abort();
      await Promise.race([Promise.all([closed, jobs.stopResolver()]), grace(2_000)]);
      if ('closeAllConnections' in server) server.closeAllConnections();
      // Last, so the records of the sends that finished in the grace period are sealed too.
      await Promise.race([jobs.stopSealing(), grace(5_000)]);
      await jobs
        .releaseLeases()
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'could not release the leases; they run out on their own'),
        );
      await db.close();
      await sandbox?.close();
    },
  };
}
