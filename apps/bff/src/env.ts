/**
 * The BFF's configuration: the one place that reads `process.env` (and `.env`). Everything is
 * checked at once so that a bad start names every missing or bad variable in one message.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FeeSchedule } from '@console/schemas';
import { buildPolicy, type ApprovalPolicy } from './approvals/policy';
import { DEFAULT_POLICY_FILE, PolicyError, readPolicyFile } from './approvals/policy-file';
import type { RecordType } from './reconcile/match-types';
import { notifySettingsFromVariables, type NotifySettings } from './notifications/notify-settings';
import { oidcSettingsFromVariables, type OidcSettings } from './oidc/oidc-settings';
import { credentialSetFromVariables, type CredentialSet } from './upstream/credentials';
import { watchSpacingMs } from './watch/watch-pace';
import { readPrivateKey, resolveFileVariables } from './env-files';
import { BaseSchema, LOG_LEVELS } from './env-schema';

export interface Env {
  port: number;
  host: string;
  /** Unset: the embedded sandbox is started and used. */
  svcBaseUrl: string | undefined;
  svcAuthUrl: string | undefined;
  /** Unset in sandbox mode when no client was configured: the demo client is used. */
  credentials: CredentialSet | undefined;
  signingKey: { pem: string; kid: string; file: string } | undefined;
  timeoutMs: number;
  databaseUrl: string | undefined;
  dataDir: string;
  usersFile: string | undefined;
  /** Which sends wait for approval: `CONSOLE_POLICY_FILE`, else the built-in default. */
  policy: ApprovalPolicy;
  /**
   * That policy's document: the first version in the database when it has none; a file that
   * differs from the version in force is proposed as a new one (issue 38), never put in force.
   */
  policySeed: { document: unknown; source: 'built-in' | 'file' };
  sandboxPort: number;
  /** `kept`: the embedded sandbox's state lives in `DATA_DIR/sandbox` across restarts (ADR 033). */
  sandboxState: 'kept' | 'memory';
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** `PUBLIC_URL`'s origin: over `https://`, the `__Host-` secure cookie and HSTS. */
  publicOrigin: string | undefined;
  /** Read the client address from the last `X-Forwarded-For` entry. */
  trustProxy: boolean;
  signIn: { maxFailures: number; addressMaxFailures: number; lockMs: number };
  sendRatePerMinute: number;
  /** Reads of the service per operator per minute (the read proxy, the approval page). */
  readRatePerMinute: number;
  /**
   * The share of the service's rate limits every process together may use, per endpoint;
   * undefined: no budget (`SVC_RATE_BUDGET_PERCENT=off`, a service without limits).
   */
  serviceBudgetPercent: number | undefined;
  bodyLimitBytes: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Single sign-on with the company's OpenID provider (`OIDC_*`); unset: local operators only. */
  oidc: OidcSettings | undefined;
  /** BFF processes on one port (`node:cluster`); more than one needs `DATABASE_URL`. */
  workers: number;
  /** How long a process holds an entry it sends without renewing the lease. */
  sendLeaseMs: number;
  /** How often every process's resolver looks for entries to settle. */
  resolverIntervalMs: number;
  /** The bearer token of `GET /api/metrics`; unset, the route does not exist. */
  metricsToken: string | undefined;
  /** Notifications by email and chat (`SMTP_*`, `NOTIFY_*`): channels, timings, retries. */
  notify: NotifySettings;
  /** The watcher's least time between two reads (`WATCH_SHARE_PERCENT`); undefined: off. */
  watchSpacingMs: number | undefined;
  /** Whether the day before is reconciled every night (`RECONCILE_DAILY`). */
  reconcileDaily: boolean;
  /** How long each record type may stay pending before it is a difference (`RECONCILE_PENDING_*`). */
  reconcilePendingLimitMs: Record<RecordType, number>;
  /** How many days back uploads are compared with earlier batches (`BATCH_REPEAT_DAYS`). */
  batchRepeatDays: number;
  /** The organisation's maker and taker rates per market (`FEE_SCHEDULE`); unset: none. */
  feeSchedule: FeeSchedule | undefined;
  /** The service's webhook key and header; unset, deliveries are refused. */
  webhook: { apiKey: string; header: string } | undefined;
  /** The audit trail (ADR 022): `AUDIT_*`. */
  audit: AuditSettings;
}

export interface AuditSettings {
  /** The audit key (Ed25519, PKCS#8 PEM); unset: no checkpoints, no signed exports. */
  keyPem: string | undefined;
  /** Where each checkpoint is also appended (JSON lines), outside the database. */
  checkpointFile: string | undefined;
  checkpointMs: number;
  /** How often the scheduled verification runs (its failure reaches the admins). */
  verifyMs: number;
  /** How often the sealer chains the pending records (issue 57): the seal's lag at most. */
  sealMs: number;
}

/** Configuration that cannot be used. `problems` has one line per variable. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
  constructor(readonly problems: string[]) {
    super(`The configuration is not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Validates variables shaped like the environment. Throws one `EnvError` naming every problem.
 *
 * @example
 * const env = parseEnv({ PORT: '8080', DATA_DIR: '/tmp/console' });
 */
export function parseEnv(vars: Record<string, string | undefined>): Env {
  const problems: string[] = [];
  const resolved = resolveFileVariables(vars, problems);
  const base = BaseSchema.safeParse(resolved);
  if (!base.success) {
    for (const issue of base.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
    }
  }
  const v = base.success ? base.data : undefined;

  const realService = resolved.SVC_BASE_URL !== undefined;
  const hasClient = Object.keys(resolved).some((key) => key.startsWith('SVC_CLIENT_'));
  let credentials: CredentialSet | undefined;
  if (realService || hasClient) {
    const { set, problems: credentialProblems } = credentialSetFromVariables(resolved);
    problems.push(...credentialProblems);
    credentials = set;
  }
  const oidc = oidcSettingsFromVariables(resolved, problems, (variable, file) =>
    readPrivateKey(variable, file, problems),
  );
  if (realService) {
    if (!resolved.SVC_AUTH_URL) problems.push('SVC_AUTH_URL: required when SVC_BASE_URL is set');
    if (!resolved.CONSOLE_USERS_FILE && !resolved.OIDC_ISSUER) {
      problems.push(
        'CONSOLE_USERS_FILE: required against a real service unless single sign-on is set (OIDC_ISSUER); demo operators exist only with the embedded sandbox; create it with `pnpm cli users:add`',
      );
    }
  }
  if (resolved.CONSOLE_USERS_FILE && !existsSync(resolved.CONSOLE_USERS_FILE)) {
    problems.push(`CONSOLE_USERS_FILE: ${resolved.CONSOLE_USERS_FILE} does not exist`);
  }

  let policy: ApprovalPolicy | undefined;
  let policySeed: Env['policySeed'] | undefined;
  try {
    policySeed = resolved.CONSOLE_POLICY_FILE
      ? { document: readPolicyFile(resolved.CONSOLE_POLICY_FILE), source: 'file' }
      : { document: DEFAULT_POLICY_FILE, source: 'built-in' };
    policy = buildPolicy(policySeed.document);
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    problems.push(...error.problems.map((p) => `CONSOLE_POLICY_FILE: ${p}`));
  }

  let signingKey: Env['signingKey'];
  const keyFile = resolved.SVC_SIGNING_KEY_FILE;
  const kid = resolved.SVC_SIGNING_KEY_ID;
  if (Boolean(keyFile) !== Boolean(kid)) {
    problems.push('SVC_SIGNING_KEY_FILE and SVC_SIGNING_KEY_ID: set both or neither');
  } else if (keyFile && kid) {
    const pem = readPrivateKey('SVC_SIGNING_KEY_FILE', keyFile, problems);
    if (pem) signingKey = { pem, kid, file: keyFile };
  }

  const auditKeyFile = resolved.AUDIT_SIGNING_KEY_FILE;
  const auditKeyPem = auditKeyFile
    ? readPrivateKey('AUDIT_SIGNING_KEY_FILE', auditKeyFile, problems)
    : undefined;

  if (v && v.WORKERS > 1 && !v.DATABASE_URL) {
    problems.push(
      `WORKERS: ${v.WORKERS} processes need one PostgreSQL to share (embedded PGlite is one process's); set DATABASE_URL, or WORKERS=1`,
    );
  }
  if (v && v.WORKERS > 1 && !realService) {
    problems.push(
      `WORKERS: the embedded sandbox serves one process; start it on its own (pnpm --filter @console/sandbox start) and set SVC_BASE_URL, or WORKERS=1`,
    );
  }

  const publicOrigin = v?.PUBLIC_URL === undefined ? undefined : new URL(v.PUBLIC_URL).origin;
  const notify = notifySettingsFromVariables(resolved, problems, publicOrigin);

  if (problems.length > 0 || !v || !policy || !policySeed) throw new EnvError(problems);
  return {
    port: v.PORT,
    host: v.HOST,
    svcBaseUrl: v.SVC_BASE_URL,
    svcAuthUrl: v.SVC_AUTH_URL,
    credentials,
    signingKey,
    timeoutMs: v.SVC_TIMEOUT_MS,
    databaseUrl: v.DATABASE_URL,
    dataDir: resolve(v.DATA_DIR),
    usersFile: v.CONSOLE_USERS_FILE,
    policy,
    policySeed,
    sandboxPort: v.SANDBOX_PORT,
    sandboxState: v.SANDBOX_STATE,
    sessionIdleMs: v.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: v.SESSION_MAX_HOURS * 3_600_000,
    publicOrigin,
    trustProxy: v.TRUST_PROXY,
    signIn: {
      maxFailures: v.SIGNIN_MAX_FAILURES,
      addressMaxFailures: v.SIGNIN_ADDRESS_MAX_FAILURES,
      lockMs: v.SIGNIN_LOCK_MINUTES * 60_000,
    },
    sendRatePerMinute: v.SEND_RATE_PER_MINUTE,
    readRatePerMinute: v.READ_RATE_PER_MINUTE,
    serviceBudgetPercent:
      v.SVC_RATE_BUDGET_PERCENT === 'off' ? undefined : v.SVC_RATE_BUDGET_PERCENT,
    bodyLimitBytes: v.BODY_LIMIT_KB * 1024,
    logLevel: v.LOG_LEVEL,
    oidc,
    workers: v.WORKERS,
    sendLeaseMs: v.SEND_LEASE_SECONDS * 1000,
    resolverIntervalMs: v.RESOLVER_INTERVAL_SECONDS * 1000,
    metricsToken: v.METRICS_TOKEN,
    notify,
    watchSpacingMs:
      v.WATCH_SHARE_PERCENT === 'off' ? undefined : watchSpacingMs(v.WATCH_SHARE_PERCENT),
    reconcileDaily: v.RECONCILE_DAILY === 'on',
    reconcilePendingLimitMs: {
      transfer: v.RECONCILE_PENDING_TRANSFER_MINUTES * 60_000,
      order: v.RECONCILE_PENDING_ORDER_MINUTES * 60_000,
      orchestration: v.RECONCILE_PENDING_ORCHESTRATION_MINUTES * 60_000,
    },
    batchRepeatDays: v.BATCH_REPEAT_DAYS,
    feeSchedule: v.FEE_SCHEDULE,
    webhook: v.SVC_WEBHOOK_API_KEY
      ? { apiKey: v.SVC_WEBHOOK_API_KEY, header: v.SVC_WEBHOOK_HEADER.toLowerCase() }
      : undefined,
    audit: {
      keyPem: auditKeyPem,
      checkpointFile: v.AUDIT_CHECKPOINT_FILE ? resolve(v.AUDIT_CHECKPOINT_FILE) : undefined,
      checkpointMs: v.AUDIT_CHECKPOINT_MINUTES * 60_000,
      verifyMs: v.AUDIT_VERIFY_MINUTES * 60_000,
      sealMs: v.AUDIT_SEAL_MILLIS,
    },
  };
}

/** Reads `.env` when present (without overriding the real environment), then `process.env`. */
export function readEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}

/** The demo's audit key in DATA_DIR (sandbox mode makes it), read by `audit:*` when none is set. */
export const DEMO_AUDIT_KEY_FILE = 'audit-key.pem';

/**
 * What the `audit:*` commands need, without the console's whole configuration: the database
 * (`DATABASE_URL`, else the embedded one under `DATA_DIR`), the audit key file and the external
 * copy of the checkpoints. Reads `.env` as `readEnv` does. A relative `DATA_DIR` is taken from
 * `base` (`sandbox:reset` passes where `pnpm cli` was run, which is where `pnpm start` runs).
 */
export function readAuditCliEnv(base = process.cwd()): {
  databaseUrl: string | undefined;
  dataDir: string;
  keyFile: string | undefined;
  checkpointFile: string | undefined;
} {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const vars = process.env;
  const dataDir = resolve(base, vars.DATA_DIR || './.data');
  // The demo's key, against the embedded sandbox only: a real deployment names its key.
  const demoKey = join(dataDir, DEMO_AUDIT_KEY_FILE);
  const demoKeyFile = !vars.SVC_BASE_URL && existsSync(demoKey) ? demoKey : undefined;
  return {
    databaseUrl: vars.DATABASE_URL || undefined,
    dataDir,
    keyFile: vars.AUDIT_SIGNING_KEY_FILE || demoKeyFile,
    checkpointFile: vars.AUDIT_CHECKPOINT_FILE || undefined,
  };
}

/**
 * The directory the operator ran the command from: `pnpm` runs package scripts in the package's
 * directory and says where it was invoked in `INIT_CWD`, so that `--file ./users.json` means
 * what the operator typed.
 */
export function invocationDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}
