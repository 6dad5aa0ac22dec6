/**
 * What the app is given (`AppDeps`): the stores, the service's client, the policy and the
 * settings, injected so that tests can replace the service or the clock.
 */
import type { ScheduleClock } from './schedules/schedule-clock';
import type { ApprovalStore } from './approvals/approval-store';
import type { ApprovalPolicy } from './approvals/policy';
import type { PolicyHolder } from './policy/policy-holder';
import type { PolicyStore } from './policy/policy-store';
import type { Db, Queryable } from './db/db';
import type { DestinationStore } from './destinations/destination-store';
import type { JournalStore } from './journal/journal-store';
import type { Logger } from './logger';
import type { OidcClient } from './oidc/oidc-client';
import type { OperatorDirectory } from './operators/operator-directory';
import type { Readiness } from './routes/health-routes';
import type { MetricsSource } from './routes/metrics-routes';
import type { Configured } from './notifications/preferences-view';
import type { AuditSigning } from './routes/audit-routes';
import type { BatchChecker } from './batches/batch-checker';
import type { FeeSchedule } from '@console/schemas';
import type { Reconciler } from './reconcile/reconciler';
import type { LiveOptions } from './watch/live-options';
import type { SecurityEventStore } from './security/security-events';
import type { SecurityOptions } from './security/security-runtime';
import type { SessionStore } from './sessions/session-types';
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
  /** The clock scheduled occurrences fall due by: the embedded sandbox's in the demo (ADR 034). */
  scheduleClock?: ScheduleClock | undefined;
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
