/**
 * The route table (`routeTable`): every route the app registers, with its permission, built from
 * what the app is given. The middleware it runs behind is `app.ts`'s.
 */
import { getCookie } from 'hono/cookie';
import type { ApprovalDeps } from './approvals/approval-deps';
import { approvalGate, approvalPreview } from './approvals/approval-gate';
import { defaultPolicy } from './approvals/policy';
import { createPolicyStore } from './policy/policy-store';
import { liveOperator, TOKEN } from './middleware/session';
import { createFlowStore } from './oidc/flow-store';
import { createLogoutTokenVerifier } from './oidc/logout-token';
import { createSsoOperatorStore } from './oidc/sso-operators';
import { approvalRoutes } from './routes/approval-routes';
import { destinationRoutes } from './routes/destination-routes';
import { policyRoutes } from './routes/policy-routes';
import { healthRoutes } from './routes/health-routes';
import { journalRoutes } from './routes/journal-routes';
import { limitRoutes } from './routes/limit-routes';
import { flowCookie, oidcRoutes } from './routes/oidc-routes';
import { metricsRoutes } from './routes/metrics-routes';
import { notificationRoutes } from './routes/notification-routes';
import { createOutboxStore, NOTIFICATIONS_JOB } from './notifications/outbox-store';
import { createPreferenceStore } from './notifications/preference-store';
import { operationRoutes } from './routes/operation-routes';
import { readRoutes } from './routes/read-routes';
import { createMarketData } from './reads/market-data';
import { marketPriceReader } from './rules/market-estimate';
import { REGISTRY_READS } from './reads/read-proxy';
import type { RouteDef } from './routes/route-table';
import { securityEventRoutes } from './routes/security-event-routes';
import { auditRoutes } from './routes/audit-routes';
import { insightsRoutes } from './routes/insights-routes';
import { reconcileRoutes } from './routes/reconcile-routes';
import { statementRoutes } from './routes/reconcile-statements-routes';
import { batchRoutes } from './routes/batch-routes';
import { scheduleRoutes } from './routes/schedule-routes';
import { systemScheduleClock } from './schedules/schedule-clock';
import { sharedBatchChecker } from './batches/batch-checker';
import { batchNames, readBalances } from './batches/batch-names';
import { createBatchStore } from './batches/batch-store';
import { BATCH_MAX_TEXT_CHARS, nameFieldsOf } from '@console/schemas';
import { createReconciler } from './reconcile/reconciler';
import { reconcileDefaults } from './reconcile/reconcile-options';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from './watch/watch-pace';
import { sessionListRoutes } from './routes/session-list-routes';
import { sessionRoutes } from './routes/session-routes';
import { staticRoutes } from './routes/static-routes';
import { streamRoutes } from './routes/stream-routes';
import { inboxRoutes } from './routes/inbox-routes';
import { webhookRoutes } from './routes/webhook-routes';
import { liveDefaults } from './watch/live-options';
import { createChangeHub } from './watch/change-hub';
import { createChangeReader } from './watch/change-store';
import { createInboxAudience } from './watch/inbox-audience';
import { workQueueRoutes } from './routes/work-queue-routes';
import { feeScheduleRoutes } from './routes/fee-schedule-routes';
import { createCounterStore } from './security/counter-store';
import { securityRuntime, type SecurityRuntime } from './security/security-runtime';
import { createSsoSessionStore } from './sessions/sso-session-store';
import { createPasskeyStore } from './passkeys/passkey-store';
import type { PasskeyDeps } from './passkeys/passkey-registration';
import { relyingParty } from './passkeys/relying-party';
import { passkeyRoutes } from './routes/passkey-routes';

import type { AppDeps } from './app-deps';

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
  const reconciler =
    deps.reconciler ??
    createReconciler(
      { db: deps.db, client: deps.client, owner: deps.journal.owner, logger: deps.logger },
      reconcileDefaults(watchSpacingMs(DEFAULT_WATCH_SHARE_PERCENT), deps.timeoutMs),
    );
  const dispatchDeps = {
    journal: deps.journal,
    client: deps.client,
    timeoutMs: deps.timeoutMs,
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(deps.observe ? { observe: deps.observe } : {}),
  };
  // One copy of market data for the pages and the policy's market order estimates alike.
  const marketData = createMarketData(deps.db);
  const policy = deps.policy ?? defaultPolicy();
  const passkeys: PasskeyDeps = {
    passkeys: createPasskeyStore(deps.db, { now: deps.now ?? Date.now }),
    rp: relyingParty(security.origin, () => security.origins()),
    now: deps.now ?? Date.now,
    coolingOffMs: () => policy.passkeys.coolingOffMs,
    securityEvents: deps.securityEvents,
  };
  const approval: ApprovalDeps = {
    ...dispatchDeps,
    marketPrice: marketPriceReader({ ...dispatchDeps, marketData }),
    approvals: deps.approvals,
    destinations: deps.destinations,
    directory: deps.directory,
    policy,
    now: deps.now ?? Date.now,
    securityEvents: deps.securityEvents,
    ssoOperators,
    passkeys,
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
    ...insightsRoutes({ db: deps.db }),
    ...reconcileRoutes({ db: deps.db, logger: deps.logger, reconciler }),
    ...statementRoutes({
      logger: deps.logger,
      reconciler,
      readStatement: (job) => (deps.batchChecker ?? sharedBatchChecker()).readStatement(job),
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
    ...scheduleRoutes({
      db: deps.db,
      destinations: deps.destinations,
      now: deps.now ?? Date.now,
      // The scheduler's clock; else the clock requests are checked by (a test's), else the system's.
      dueNow: () =>
        (deps.scheduleClock ?? (deps.now ? { now: deps.now } : systemScheduleClock)).now(),
      policy: approval.policy,
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
    ...passkeyRoutes(passkeys),
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
