import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ApprovalDeps } from './approvals/approval-deps';
import { approvalGate, approvalPreview } from './approvals/approval-gate';
import type { ApprovalStore } from './approvals/approval-store';
import { defaultPolicy, type ApprovalPolicy } from './approvals/policy';
import type { PolicyHolder } from './policy/policy-holder';
import { createPolicyStore, type PolicyStore } from './policy/policy-store';
import type { AppEnv } from './context';
import { ProblemError, problemResponse } from './errors';
import type { Db, Queryable } from './db/db';
import type { DestinationStore } from './destinations/destination-store';
import type { JournalStore } from './journal/journal-store';
import type { Logger } from './logger';
import { apiBodyLimit } from './middleware/body-limit';
import { csrfProtection } from './middleware/csrf';
import { hostAllowlist } from './middleware/host-allowlist';
import { operatorRateLimit } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { safeUrl } from './middleware/safe-url';
import { securityHeaders } from './middleware/security-headers';
import { liveOperator, sessionMiddleware, TOKEN } from './middleware/session';
import { createFlowStore } from './oidc/flow-store';
import { createLogoutTokenVerifier } from './oidc/logout-token';
import type { OidcClient } from './oidc/oidc-client';
import { createSsoOperatorStore } from './oidc/sso-operators';
import type { OperatorDirectory } from './operators/operator-directory';
import { approvalRoutes } from './routes/approval-routes';
import { destinationRoutes } from './routes/destination-routes';
import { policyRoutes } from './routes/policy-routes';
import { healthRoutes, type Readiness } from './routes/health-routes';
import { journalRoutes } from './routes/journal-routes';
import { limitRoutes } from './routes/limit-routes';
import { flowCookie, OIDC_PATHS, oidcRoutes } from './routes/oidc-routes';
import { metricsRoutes, type MetricsSource } from './routes/metrics-routes';
import { notificationRoutes } from './routes/notification-routes';
import { createOutboxStore, NOTIFICATIONS_JOB } from './notifications/outbox-store';
import { createPreferenceStore } from './notifications/preference-store';
import type { Configured } from './notifications/preferences-view';
import { operationRoutes } from './routes/operation-routes';
import { readRoutes } from './routes/read-routes';
import { createMarketData } from './reads/market-data';
import { marketPriceReader } from './rules/market-estimate';
import { REGISTRY_READS } from './reads/read-proxy';
import { mountRoutes, readsService, sendsToService, type RouteDef } from './routes/route-table';
import { securityEventRoutes } from './routes/security-event-routes';
import { auditRoutes, type AuditSigning } from './routes/audit-routes';
import { reconcileRoutes } from './routes/reconcile-routes';
import { batchRoutes } from './routes/batch-routes';
import { sharedBatchChecker, type BatchChecker } from './batches/batch-checker';
import { batchNames, readBalances } from './batches/batch-names';
import { createBatchStore } from './batches/batch-store';
import { BATCH_MAX_TEXT_CHARS, nameFieldsOf, type FeeSchedule } from '@console/schemas';
import { createReconciler, reconcileDefaults, type Reconciler } from './reconcile/reconciler';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from './watch/watch-pace';
import { sessionListRoutes } from './routes/session-list-routes';
import { sessionRoutes } from './routes/session-routes';
import { staticRoutes } from './routes/static-routes';
import { streamRoutes } from './routes/stream-routes';
import { inboxRoutes } from './routes/inbox-routes';
import { WEBHOOK_PATH, webhookRoutes } from './routes/webhook-routes';
import { liveDefaults, type LiveOptions } from './watch/live-options';
import { createChangeHub } from './watch/change-hub';
import { createChangeReader } from './watch/change-store';
import { createInboxAudience } from './watch/inbox-audience';
import { workQueueRoutes } from './routes/work-queue-routes';
import { feeScheduleRoutes } from './routes/fee-schedule-routes';
import { createCounterStore } from './security/counter-store';
import type { SecurityEventStore } from './security/security-events';
import {
  securityRuntime,
  type SecurityOptions,
  type SecurityRuntime,
} from './security/security-runtime';
import type { SessionStore } from './sessions/session-types';
import { createSsoSessionStore } from './sessions/sso-session-store';
import type { DispatchDeps } from './send/dispatch';
import type { UpstreamClient } from './upstream/client';

/** Everything the app needs, injected so that tests can replace the service or the clock. */
export interface AppDeps {
  /** The database itself (single sign-on flows, SSO operators and sessions). */
  db: Db;
  /**
   * Reconciliation (issue 40): the process's reconciler, shared with its loop; one at the
   * watcher's default pace when not given.
   */
  reconciler?: Reconciler;
  /** The organisation's fee schedule (`FEE_SCHEDULE`): what order fees are estimated at. */
  feeSchedule?: FeeSchedule | undefined;
  /** How many days back uploads are compared with earlier batches (`BATCH_REPEAT_DAYS`). */
  batchRepeatDays?: number | undefined;
  /**
   * Where the counters shared by every process are written (sign-in throttle, send rate): the
   * database's `relaxed` side, whose commits need no WAL flush; `db` when not given.
   */
  counters?: Queryable;
  journal: JournalStore;
  sessions: SessionStore;
  directory: OperatorDirectory;
  client: UpstreamClient;
  logger: Logger;
  /** Per attempt to the service. */
  timeoutMs: number;
  /** Unix milliseconds: the clock rules of the schemas are checked against it at send time. */
  now?: () => number;
  /** The built SPA (`apps/web/dist`); served when it holds an `index.html`. */
  webDist?: string;
  /** Sign-ins, failures, lockouts and ended sessions (issue 6). */
  securityEvents: SecurityEventStore;
  /** Cookie, CSRF origin, lockout, rate and size limits; the README's defaults when not given. */
  security?: SecurityOptions;
  /** Aborted at shutdown: sends in flight stop waiting and are journaled UNKNOWN. */
  signal?: AbortSignal;
  /** Approval requests, approvals and their events (issue 7). */
  approvals: ApprovalStore;
  /** The book of allowed destinations (issue 37). */
  destinations: DestinationStore;
  /** Which sends wait for approval; the built-in default when not given. */
  policy?: ApprovalPolicy;
  /**
   * The policy's versions (issue 38) and this process's holder of the one in force (`policy` is
   * then its live view); without them the versions are read from `db`, and nothing is refreshed.
   */
  policies?: PolicyStore;
  policyHolder?: PolicyHolder;
  /** Single sign-on with the company's OpenID provider (issue 20); unset: local operators only. */
  sso?: OidcClient;
  /**
   * Whether the password form signs anyone in: true without single sign-on; with it, only when
   * a users file keeps break-glass operators.
   */
  passwordSignIn?: boolean;
  /** Replicas (issue 16): readiness during a graceful shutdown, metrics and their token. */
  readiness?: Readiness;
  metrics?: MetricsSource;
  /** Told of every send (metrics). */
  observe?: DispatchDeps['observe'];
  /** The notification channels configured (issue 36); none when not given. */
  notificationChannels?: Configured;
  /** The live stream's heartbeat, polling and cap (issue 35); the defaults when not given. */
  live?: Partial<LiveOptions>;
  /** The service's webhook key and header (issue 35); unset, every delivery is refused. */
  webhook?: { apiKey: string; header: string };
  /** The audit key (issue 41): checkpoints and signed exports; the trail is verified without. */
  audit?: AuditSigning;
  /**
   * The batch sender of this process (issue 39), woken when a batch is approved or resumed;
   * without it, batches wait for a sender's timer.
   */
  batchSender?: { wake(): unknown };
  /**
   * Where batch files are parsed and checked: worker threads with a time limit (the process's
   * shared checker unless given; tests give one with their own limit).
   */
  batchChecker?: BatchChecker;
}

/**
 * The largest body of a batch's check or upload: its text (at most `BATCH_MAX_TEXT_CHARS`) as a
 * JSON string, whose escapes (a CSV's quotes and line ends) can double it, and a margin.
 */
export const BATCH_BODY_BYTES = 2 * BATCH_MAX_TEXT_CHARS * 1.5;

/** Sign-ins begun per client address and minute (each is a row until its callback or expiry). */
const SSO_STARTS_PER_MINUTE = 30;

/** The route table: every route the app registers, with its permission. */
export function routeTable(
  deps: AppDeps,
  security: SecurityRuntime = securityRuntime(deps.security ?? {}, deps.counters ?? deps.db),
): RouteDef[] {
  const sso = deps.sso;
  const sessionDeps = {
    sessions: deps.sessions,
    directory: deps.directory,
    events: deps.securityEvents,
    throttle: security.throttle,
    cookie: security.cookie,
    clientAddress: security.clientAddress,
    ...(security.sleep ? { sleep: security.sleep } : {}),
    sso: sso && { providerName: sso.settings.providerName, offersLogout: sso.offersLogout },
    passwordSignIn: deps.passwordSignIn ?? true,
  };
  const ssoOperators = createSsoOperatorStore(deps.db);
  const dispatchDeps = {
    journal: deps.journal,
    client: deps.client,
    timeoutMs: deps.timeoutMs,
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(deps.observe ? { observe: deps.observe } : {}),
  };
  // One copy of market data for the pages and the policy's market order estimates alike.
  const marketData = createMarketData(deps.db);
  const approval: ApprovalDeps = {
    ...dispatchDeps,
    marketPrice: marketPriceReader({ ...dispatchDeps, marketData }),
    approvals: deps.approvals,
    destinations: deps.destinations,
    directory: deps.directory,
    policy: deps.policy ?? defaultPolicy(),
    now: deps.now ?? Date.now,
    securityEvents: deps.securityEvents,
    ssoOperators,
    ...(deps.policyHolder ? { policyHolder: deps.policyHolder } : {}),
  };
  const counters = createCounterStore(deps.counters ?? deps.db);
  const live = { ...liveDefaults, ...deps.live };
  const changes = createChangeReader(deps.db);
  return [
    ...healthRoutes(deps.journal, deps.readiness),
    ...metricsRoutes(deps.metrics),
    ...sessionRoutes(sessionDeps),
    ...(sso
      ? oidcRoutes({
          ...sessionDeps,
          oidc: sso,
          flows: createFlowStore(deps.db),
          ssoSessions: createSsoSessionStore(deps.db, deps.sessions),
          ssoOperators,
          flowCookie: flowCookie(security.cookie),
          logger: deps.logger,
          verifyLogoutToken: createLogoutTokenVerifier(sso),
          startLimit: (address) => counters.take(`sso-start:${address}`, SSO_STARTS_PER_MINUTE),
        })
      : []),
    ...sessionListRoutes(sessionDeps),
    ...securityEventRoutes(deps.securityEvents),
    ...auditRoutes({ db: deps.db, signing: deps.audit }),
    ...reconcileRoutes({
      db: deps.db,
      logger: deps.logger,
      reconciler:
        deps.reconciler ??
        createReconciler(
          { db: deps.db, client: deps.client, owner: deps.journal.owner, logger: deps.logger },
          reconcileDefaults(watchSpacingMs(DEFAULT_WATCH_SHARE_PERCENT), deps.timeoutMs),
        ),
    }),
    ...batchRoutes({
      db: deps.db,
      destinations: deps.destinations,
      now: deps.now ?? Date.now,
      store: createBatchStore(deps.db, { repeatDays: deps.batchRepeatDays }),
      checkFile: (job) => (deps.batchChecker ?? sharedBatchChecker()).check(job),
      names: (operation) =>
        batchNames(
          { client: deps.client, destinations: deps.destinations, timeoutMs: deps.timeoutMs },
          nameFieldsOf(operation),
        ),
      balances: (profiles) =>
        readBalances(
          { client: deps.client, destinations: deps.destinations, timeoutMs: deps.timeoutMs },
          profiles,
        ),
      policy: approval.policy,
      wake: () => void deps.batchSender?.wake(),
    }),
    ...operationRoutes({
      ...dispatchDeps,
      now: deps.now ?? Date.now,
      gate: approvalGate(approval),
      preview: approvalPreview(approval),
    }),
    ...journalRoutes({ ...dispatchDeps, approval }),
    ...readRoutes({
      ...dispatchDeps,
      reads: REGISTRY_READS,
      marketData,
    }),
    ...approvalRoutes(approval),
    ...workQueueRoutes(approval),
    ...feeScheduleRoutes(deps.feeSchedule),
    ...destinationRoutes(approval),
    ...policyRoutes({
      ...approval,
      db: deps.db,
      policies: deps.policies ?? createPolicyStore(deps.db),
    }),
    ...limitRoutes(approval),
    ...notificationRoutes({
      preferences: createPreferenceStore(deps.db),
      outbox: createOutboxStore(deps.db, { kind: NOTIFICATIONS_JOB, owner: deps.journal.owner }),
      directory: deps.directory,
      ssoOperators,
      configured: deps.notificationChannels ?? { email: false, chat: false },
    }),
    ...streamRoutes({
      db: deps.db,
      changes,
      hub: createChangeHub(deps.db, changes, { pollMs: live.pollMs }),
      audience: createInboxAudience(deps.db),
      liveSession: async (c) => {
        const token = getCookie(c, security.cookie.name);
        if (token === undefined || !TOKEN.test(token)) return undefined;
        return liveOperator(
          { sessions: deps.sessions, directory: deps.directory, events: deps.securityEvents },
          token,
          'passive',
          c.get('requestId'),
        );
      },
      onSessionChange: (listener) => deps.sessions.onChange(listener),
      heartbeatMs: live.heartbeatMs,
      maxPerSession: live.maxStreamsPerSession,
    }),
    ...inboxRoutes({ db: deps.db }),
    ...webhookRoutes({
      db: deps.db,
      client: deps.client,
      timeoutMs: deps.timeoutMs,
      events: deps.securityEvents,
      clientAddress: security.clientAddress,
      webhook: deps.webhook,
    }),
    ...(deps.webDist ? staticRoutes(deps.webDist) : []),
  ];
}

/**
 * The BFF as a Hono app, without a server: `main.ts` serves it, tests call `app.request()`.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.request('/api/health');
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const security = securityRuntime(deps.security ?? {}, deps.counters ?? deps.db);
  app.use('*', requestContext(deps.logger));
  // Headers (CSP, nosniff, no-store on /api, HSTS over HTTPS) on every answer, errors included.
  app.use('*', securityHeaders({ https: security.https }));
  // Any Host the configuration does not name is refused before routing (DNS rebinding). A load
  // balancer's probe and a metrics scraper name the process by its own address: the live and
  // ready checks say nothing, and the metrics need their token.
  const byAddress = new Set(['/api/health/live', '/api/health/ready', '/api/metrics']);
  const hosts = hostAllowlist(security.hosts);
  app.use('*', (c, next) => (byAddress.has(c.req.path) ? next() : hosts(c, next)));
  // Size, then origin, before the session is read: a refused request is never authenticated.
  const ssoPages: Record<string, string> = deps.sso
    ? {
        [OIDC_PATHS.start]: '/sign-in?sso=failed',
        [OIDC_PATHS.callback]: '/sign-in?sso=failed',
        [OIDC_PATHS.logout]: '/sign-in',
      }
    : {};
  app.use('/api/*', safeUrl({ pages: ssoPages }));
  app.use(
    '/api/*',
    apiBodyLimit(security.bodyLimitBytes, {
      '/api/batches/check': BATCH_BODY_BYTES,
      '/api/batches': BATCH_BODY_BYTES,
    }),
  );
  app.use(
    '/api/*',
    csrfProtection({
      origins: security.origins,
      // The provider's server posts there with a signed token, as no browser would.
      // So does the service's webhook, with its API key (issue 35).
      exempt: new Set([...(deps.sso ? [OIDC_PATHS.backchannelLogout] : []), WEBHOOK_PATH]),
    }),
  );
  app.use(
    '/api/*',
    sessionMiddleware(deps.sessions, deps.directory, security.cookie.name, deps.securityEvents),
  );
  const sends = operatorRateLimit(security.sendLimit);
  const reads = operatorRateLimit(security.readLimit);
  mountRoutes(app, routeTable(deps, security), (route) => [
    ...(sendsToService(route) ? [sends] : []),
    ...(readsService(route) ? [reads] : []),
  ]);

  app.notFound((c) =>
    problemResponse(c, {
      status: 404,
      code: 'not-found',
      detail: `There is no route ${c.req.method} ${c.req.path}.`,
    }),
  );
  app.onError((error, c) => {
    if (error instanceof ProblemError) return problemResponse(c, error.init);
    // The details go to the log under the request id; the browser gets the id and nothing else.
    deps.logger.error({ request_id: c.get('requestId'), err: error }, 'unexpected error');
    return problemResponse(c, {
      status: 500,
      code: 'internal',
      detail: `An unexpected error occurred. Quote request id ${c.get('requestId')} when reporting it.`,
    });
  });
  return app;
}
