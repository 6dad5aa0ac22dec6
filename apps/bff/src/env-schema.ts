/**
 * The variables the BFF reads and what each may hold (the schema `parseEnv` checks them with),
 * each with its default. What they become is `env.ts`'s.
 */
import { z } from 'zod';
import { FeeScheduleSchema } from '@console/schemas';
import { DEFAULT_REPEAT_DAYS } from './batches/batch-repeats';
import { SECURITY_DEFAULTS } from './security/security-runtime';
import { DEFAULT_PENDING_LIMIT_MS } from './reconcile/reconcile-options';
import { DEFAULT_BUDGET_PERCENT, MAX_BUDGET_PERCENT } from './upstream/service-budget';
import { DEFAULT_WATCH_SHARE_PERCENT } from './watch/watch-pace';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

export const BaseSchema = z.object({
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
