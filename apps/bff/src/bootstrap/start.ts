import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import { sweepExpired } from '../approvals/approval-flow';
import { createApprovalStore } from '../approvals/approval-store';
import { startCheckpointer } from '../audit/audit-checkpointer';
import { pendingRecords, startSealer } from '../audit/audit-sealer';
import { startVerifier } from '../audit/audit-verifier';
import { treeHeadPoster } from '../audit/tree-head-post';
import { secretsOf } from '../notifications/channels';
import { auditKeyFromPem } from '../audit/audit-key';
import { createDestinationStore } from '../destinations/destination-store';
import { openDb } from '../db/open-db';
import type { Env } from '../env';
import { configurationWarnings } from '../env-warnings';
import { createJournalStore } from '../journal/journal-store';
import { createLogger, type Logger } from '../logger';
import { createFlowStore } from '../oidc/flow-store';
import { createOidcClient } from '../oidc/oidc-client';
import { createSsoOperatorStore } from '../oidc/sso-operators';
import { createMetrics } from '../metrics/metrics';
import { loadDemoOperators, type DemoOperators } from '../operators/demo-operators';
import { fileDirectory, staticDirectory } from '../operators/operator-directory';
import { createCounterStore } from '../security/counter-store';
import { createSecurityEventStore } from '../security/security-events';
import { createSessionStore } from '../sessions/session-store';
import { createServiceBudget } from '../upstream/service-budget';
import type { CredentialSet } from '../upstream/tokens';
import type { EmbeddedSandbox } from './sandbox-mode';
import { journalDir, sandboxStateDir } from './data-dirs';
import { proposeChangedFile, startPolicy } from './policy';
import { startNotifier } from './notifications';
import { startWatcher } from './watch';
import { createReconciler, reconcileDefaults, startReconcileLoop } from '../reconcile/reconciler';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from '../watch/watch-pace';
import { startReplica } from './replica';
import { requestStop } from '../approvals/send-time-rules';
import { createBatchSender, startBatchSender } from '../batches/batch-sender';
import { createServicePacer } from '../upstream/service-pace';
import { createUpstream } from './upstream';

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

/** `apps/web/dist`, from `apps/bff/src/bootstrap` (sources) or `apps/bff/dist` (bundle). */
function defaultWebDist(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.includes(`${'/src/'}`)
    ? join(here, '../../../web/dist')
    : join(here, '../../web/dist');
}

/**
 * The address of a console without `PUBLIC_URL`: `http://HOST:PORT`, with a wildcard host named
 * as the loopback address a browser on this machine opens.
 */
function localOrigin(listen: { host: string; port: number }): string {
  const host = /^(0\.0\.0\.0|::)$/.test(listen.host)
    ? '127.0.0.1'
    : listen.host.includes(':')
      ? `[${listen.host}]`
      : listen.host;
  return `http://${host}:${listen.port}`;
}

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

  // Loaded only without SVC_BASE_URL: the sandbox is a development dependency, in its own chunk
  // of the bundle, and absent from the build for the real service (build-options.mjs).
  const sandbox = env.svcBaseUrl
    ? undefined
    : await (
        await import('./sandbox-mode')
      ).startEmbeddedSandbox({
        dataDir: env.dataDir,
        port: env.sandboxPort,
        host: '127.0.0.1',
        signingKey: env.signingKey,
        ...(env.sandboxState === 'kept' ? { stateDir: sandboxStateDir(env.dataDir) } : {}),
        auditKeyConfigured: Boolean(env.audit.keyPem),
      });
  // With single sign-on, operators come from the provider: no demo operators, and the password
  // form only for a users file's break-glass operators.
  const demo = env.usersFile || env.oidc ? undefined : await loadDemoOperators(env.dataDir);
  const directory = env.usersFile
    ? fileDirectory(env.usersFile, (error) =>
        logger.warn({ err: error }, 'users file not reloaded'),
      )
    : staticDirectory(demo?.users ?? []);

  const credentials: CredentialSet = sandbox
    ? { default: { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret } }
    : env.credentials!;
  const signingKey = sandbox ? sandbox.signingKey : env.signingKey;
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
    baseUrl: sandbox?.url ?? env.svcBaseUrl!,
    authUrl: sandbox?.url ?? env.svcAuthUrl!,
    credentials,
    signingKey,
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
  const sso = env.oidc
    ? createOidcClient(env.oidc, {
        redirectUri: () => `${origin()}/api/session/oidc/callback`,
        postLogoutRedirectUri: () => `${origin()}/sign-in?sso=signed-out`,
      })
    : undefined;
  // Discovery now, so that a wrong issuer shows in the log at start; a provider that is down is
  // tried again at the first sign-in.
  sso
    ?.configuration()
    .catch((error: unknown) =>
      logger.warn({ err: error, issuer: env.oidc?.issuer }, 'the OpenID provider did not answer'),
    );
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
  // Requests waiting past their limit become EXPIRED even when nobody reads the queue.
  // Counters whose window and lock have passed go too.
  const sweeper = setInterval(() => {
    sweepExpired({ approvals, journal, now: Date.now }).catch((error: unknown) =>
      logger.warn({ err: error }, 'approval expiry sweep failed'),
    );
    counters.sweep().catch((error: unknown) => logger.warn({ err: error }, 'counter sweep failed'));
    if (sso)
      flows.sweep().catch((error: unknown) => logger.warn({ err: error }, 'flow sweep failed'));
  }, 60_000);
  sweeper.unref();
  const replica = await startReplica({
    db,
    journal,
    dispatch: dispatchDeps,
    approval: approvalDeps,
    leaseMs: env.sendLeaseMs,
    resolverIntervalMs: env.resolverIntervalMs,
    logger,
    metrics,
  });

  await proposeChangedFile(approvalDeps, policies.store, env.policySeed, logger);

  const notifier = await startNotifier({
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
  });
  const watcher = await startWatcher({
    db,
    client,
    owner: journal.owner,
    logger,
    spacingMs: env.watchSpacingMs,
    timeoutMs: env.timeoutMs,
  });

  // Embedded, no other process can hold the lease: a run cut by a crash resumes at once.
  if (db.kind === 'pglite') await reconciler.lease.expireOthers();
  const stopReconciling = startReconcileLoop(reconciler, { intervalMs: 60_000, logger });
  if (db.kind === 'pglite') await batchSender.expireOthers();
  const stopBatches = startBatchSender(batchSender, { intervalMs: 2_000 });

  // The audit records changes wrote pending, sealed onto their chains by the holder of the
  // job lease (issue 57).
  const stopSealer = await startSealer({
    db,
    owner: journal.owner,
    intervalMs: env.audit.sealMs,
    logger,
  });
  // Checkpoints of the audit trail (ADR 022), signed by the holder of their job lease.
  const stopCheckpointer = auditKey
    ? startCheckpointer({
        db,
        key: auditKey,
        owner: journal.owner,
        intervalMs: env.audit.checkpointMs,
        copyFile: env.audit.checkpointFile,
        post: env.notify.webhook
          ? treeHeadPoster(env.notify.webhook, secretsOf(env.notify), logger)
          : undefined,
        logger,
      })
    : () => {};
  // The scheduled verification, its failure told to the admins (issue 57); without the key it
  // still checks the chains and the rows, not the checkpoints' signatures.
  const stopVerifier = startVerifier({
    db,
    key: auditKey,
    owner: journal.owner,
    intervalMs: env.audit.verifyMs,
    copyFile: env.audit.checkpointFile,
    logger,
  });

  return {
    url: `http://${env.host}:${port}`,
    warnings,
    sandbox,
    demo,
    resolved: replica.firstLook,
    async close() {
      accepting = false;
      clearInterval(sweeper);
      policies.holder.stop();
      stopCheckpointer();
      stopVerifier();
      stopReconciling();
      // No new connections; idle keep-alive ones end now, busy ones after their answer.
      const closed = new Promise<void>((done) => server.close(() => done()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      const grace = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());
      // Sends in flight (requests and the resolver's look) get the grace period to finish.
      await Promise.race([
        Promise.all([
          closed,
          replica.stopResolver(),
          notifier.stop(),
          watcher?.stop(),
          stopBatches(),
        ]),
        grace(SHUTDOWN_GRACE_MS),
      ]);
      // The rest stop waiting and are journaled UNKNOWN rather than left SENDING.
      shutdown.abort();
      await Promise.race([Promise.all([closed, replica.stopResolver()]), grace(2_000)]);
      if ('closeAllConnections' in server) server.closeAllConnections();
      // Last, so the records of the sends that finished in the grace period are sealed too.
      await Promise.race([stopSealer(), grace(5_000)]);
      await replica
        .releaseLeases()
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'could not release the leases; they run out on their own'),
        );
      await db.close();
      await sandbox?.close();
    },
  };
}
