/**
 * The BFF's configuration: the one place that reads `process.env` (and `.env`). Everything is
 * checked at once so that a bad start names every missing or bad variable in one message.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { FeeScheduleSchema, type FeeSchedule } from '@console/schemas';
import { buildPolicy, type ApprovalPolicy } from './approvals/policy';
import { DEFAULT_POLICY_FILE, PolicyError, readPolicyFile } from './approvals/policy-file';
import { DEFAULT_REPEAT_DAYS } from './batches/batch-repeats';
import type { RecordType } from './reconcile/match';
import { DEFAULT_PENDING_LIMIT_MS } from './reconcile/reconciler';
import { notifySettingsFromVariables, type NotifySettings } from './notifications/notify-settings';
import { oidcSettingsFromVariables, type OidcSettings } from './oidc/oidc-settings';
import { SECURITY_DEFAULTS } from './security/security-runtime';
import { credentialSetFromVariables, type CredentialSet } from './upstream/credentials';
import { DEFAULT_BUDGET_PERCENT, MAX_BUDGET_PERCENT } from './upstream/service-budget';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from './watch/watch-pace';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positive = (fallback: number) => z.coerce.number().positive().default(fallback);
/** Minutes a record may stay pending at the service, from a default in ms: a minute to 31 days. */
const pendingMinutes = (fallbackMs: number) =>
  z.coerce
    .number()
    .int({ error: 'must be a whole number of minutes' })
    .min(1, { error: 'must be at least 1 minute' })
    .max(31 * 24 * 60, { error: 'must be at most 31 days (44640 minutes)' })
    .default(fallbackMs / 60_000);
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const BUDGET_PERCENT_MESSAGE = `must be off, or a percentage above 0 and at most ${MAX_BUDGET_PERCENT} (above it a minute's burst can take the service's 5-minute average past its limit)`;

const BaseSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  SVC_BASE_URL: httpUrl.optional(),
  SVC_AUTH_URL: httpUrl.optional(),
  SVC_SIGNING_KEY_FILE: z.string().min(1).optional(),
  SVC_SIGNING_KEY_ID: z.string().min(1).optional(),
  SVC_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres://' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  CONSOLE_USERS_FILE: z.string().min(1).optional(),
  CONSOLE_POLICY_FILE: z.string().min(1).optional(),
  SANDBOX_PORT: port(4010),
  // `memory` for the browser suite's consoles, which need no restart and no write per request.
  SANDBOX_STATE: z.enum(['kept', 'memory'], { error: 'must be kept or memory' }).default('kept'),
  SESSION_IDLE_MINUTES: positive(15),
  SESSION_MAX_HOURS: positive(8),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  SIGNIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(20),
  SIGNIN_LOCK_MINUTES: positive(15),
  SEND_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  READ_RATE_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(SECURITY_DEFAULTS.readRatePerMinute),
  // A share of the service's limits, or `off` for a service without them (the bench's sandbox).
  SVC_RATE_BUDGET_PERCENT: z
    .union(
      [
        z.literal('off'),
        z.coerce
          .number()
          .gt(0, { error: BUDGET_PERCENT_MESSAGE })
          .max(MAX_BUDGET_PERCENT, { error: BUDGET_PERCENT_MESSAGE }),
      ],
      {
        error: BUDGET_PERCENT_MESSAGE,
      },
    )
    .default(DEFAULT_BUDGET_PERCENT),
  BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Replicas (issue 16): processes, leases, the resolver and metrics.
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  AUDIT_SIGNING_KEY_FILE: z.string().min(1).optional(),
  AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  AUDIT_CHECKPOINT_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  AUDIT_VERIFY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  AUDIT_SEAL_MILLIS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SEND_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  RESOLVER_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  // The watcher (issue 35, ADR 021): the share of one endpoint's service limit (50/s) the
  // whole deployment spends on watching, or `off`. 10 %: 5 reads a second, a change on screen
  // within 2 s, and 70 % of the limit left to the operators under the 80 % budget.
  WATCH_SHARE_PERCENT: z
    .union([z.literal('off'), z.coerce.number().min(0.5).max(20)], {
      error: 'must be off or a percentage from 0.5 to 20',
    })
    .default(DEFAULT_WATCH_SHARE_PERCENT),
  // Reconciliation (issue 40, ADR 024): whether the lease holder reconciles the day before every
  // night. Runs asked for in the console, and runs cut by a crash, go on either way.
  RECONCILE_DAILY: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // How long a record may stay pending at the service before reconciliation queues it (issue
  // 64): rails differ by organisation (a wire that takes two days is normal for some), so these
  // are the deployment's, defaulting to the limits reconciliation was built with.
  RECONCILE_PENDING_TRANSFER_MINUTES: pendingMinutes(DEFAULT_PENDING_LIMIT_MS.transfer),
  RECONCILE_PENDING_ORDER_MINUTES: pendingMinutes(DEFAULT_PENDING_LIMIT_MS.order),
  RECONCILE_PENDING_ORCHESTRATION_MINUTES: pendingMinutes(DEFAULT_PENDING_LIMIT_MS.orchestration),
  // Batches (issue 64): how many days back an upload's rows are compared with earlier batches'
  // (a whole file repeated is refused, a repeated row shown to the approver).
  BATCH_REPEAT_DAYS: z.coerce.number().int().min(1).max(366).default(DEFAULT_REPEAT_DAYS),
  // The organisation's fee schedule (issue 67): maker and taker rates per market, as JSON,
  // `{"BTCUSD":{"maker":"0.001","taker":"0.0025"}}`. What order fees are estimated at; the
  // service publishes no rate.
  FEE_SCHEDULE: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be JSON, {"BTCUSD":{"maker":"0.001","taker":"0.0025"}}',
        });
        return z.NEVER;
      }
      const schedule = FeeScheduleSchema.safeParse(parsed);
      if (!schedule.success) {
        ctx.addIssue({
          code: 'custom',
          message: `must name known markets, each with a maker and a taker rate as decimal text: ${schedule.error.issues[0]?.message ?? ''}`,
        });
        return z.NEVER;
      }
      return schedule.data;
    }),
  // The service's webhook (issue 35): the API key its deliveries carry, and in which header.
  SVC_WEBHOOK_API_KEY: z
    .string()
    .min(24, { error: 'must have at least 24 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be visible ASCII without spaces' })
    .optional(),
  SVC_WEBHOOK_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'must be an HTTP header name' })
    .default('X-Api-Key'),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must have at least 16 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be visible ASCII without spaces' })
    .optional(),
});

/** The validated configuration. Secrets are values here; callers never log this object. */
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

/** Variables that may instead be given as `<NAME>_FILE`, a file holding the value. */
const SECRET_VARIABLE =
  /^(SVC_CLIENT_SECRET|SVC_CLIENT_[A-Z0-9_]+_SECRET|DATABASE_URL|OIDC_CLIENT_SECRET|METRICS_TOKEN|SMTP_URL|NOTIFY_WEBHOOK_URL|NOTIFY_WEBHOOK_SECRET|SVC_WEBHOOK_API_KEY)$/;

/**
 * Resolves `X_FILE` into `X` for secret variables, so secrets can come from mounted files.
 * Setting both is refused: which one wins would be a guess.
 */
function resolveFileVariables(
  vars: Record<string, string | undefined>,
  problems: string[],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(vars)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  for (const [key, file] of Object.entries(out)) {
    if (
      !key.endsWith('_FILE') ||
      key === 'SVC_SIGNING_KEY_FILE' ||
      key === 'CONSOLE_USERS_FILE' ||
      key === 'CONSOLE_POLICY_FILE'
    )
      continue;
    const name = key.slice(0, -'_FILE'.length);
    if (!SECRET_VARIABLE.test(name)) continue;
    delete out[key];
    if (vars[name]) {
      problems.push(`${name} and ${key}: set only one of them`);
      continue;
    }
    try {
      out[name] = readFileSync(file!, 'utf8').trim();
    } catch (error) {
      problems.push(`${key}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  return out;
}

/** Reads a private key file, refusing one that other users could read. */
function readPrivateKey(variable: string, file: string, problems: string[]): string | undefined {
  try {
    const mode = statSync(file).mode;
    if ((mode & 0o077) !== 0) {
      problems.push(
        `${variable}: ${file} is readable by group or others (mode ${(mode & 0o777).toString(8)}); run chmod 600 on it`,
      );
      return undefined;
    }
    const pem = readFileSync(file, 'utf8');
    if (!pem.includes('-----BEGIN PRIVATE KEY-----')) {
      problems.push(`${variable}: ${file} is not a PKCS#8 PEM private key`);
      return undefined;
    }
    return pem;
  } catch (error) {
    problems.push(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    return undefined;
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

/**
 * Settings that work but are probably not what was meant, one sentence each: said in the log and
 * on the terminal at start.
 */
export function configurationWarnings(
  env: Pick<Env, 'publicOrigin' | 'trustProxy' | 'host'> & Partial<Pick<Env, 'oidc' | 'port'>>,
): string[] {
  const warnings: string[] = [];
  if (env.oidc && !env.publicOrigin) {
    warnings.push(
      `OIDC_ISSUER is set but PUBLIC_URL is not: the provider must send operators back to http://${env.host}:${env.port ?? 8080}/api/session/oidc/callback, and the console must be opened at that address; set PUBLIC_URL to the address registered with the provider.`,
    );
  }
  if (env.publicOrigin?.startsWith('https:') && !env.trustProxy) {
    warnings.push(
      'PUBLIC_URL is https:// but TRUST_PROXY is off: behind the TLS proxy every operator reaches the console from the proxy’s address, so the per-source sign-in limits count them all as one. Set TRUST_PROXY=true when a proxy that appends X-Forwarded-For is the only way in.',
    );
  }
  if (/^(0\.0\.0\.0|::)$/.test(env.host) && !env.publicOrigin) {
    warnings.push(
      `HOST is ${env.host} but PUBLIC_URL is unset: the console answers only to localhost, 127.0.0.1 and [::1]; set PUBLIC_URL to the address operators open.`,
    );
  }
  return warnings;
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
