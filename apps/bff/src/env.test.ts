import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';
import { configurationWarnings } from './env-warnings';
import { exampleInput } from '@console/schemas';
import { requirementFor } from '../test/policy-requirement';

const dir = mkdtempSync(join(tmpdir(), 'env-'));
const file = (name: string, content: string, mode = 0o600) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
};
const pem = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

function problems(vars: Record<string, string>): string[] {
  try {
    parseEnv(vars);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('defaults to sandbox mode', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      svcBaseUrl: undefined,
      sandboxPort: 4010,
      sessionIdleMs: 15 * 60_000,
      sessionMaxMs: 8 * 3_600_000,
      logLevel: 'info',
    });
    expect(env.dataDir).toMatch(/\.data$/);
  });

  it('names every missing or bad variable in one error', () => {
    const found = problems({
      PORT: 'eighty',
      SVC_BASE_URL: 'https://svc.example',
      SVC_SIGNING_KEY_ID: 'k1',
      LOG_LEVEL: 'loud',
    });
    const text = found.join('\n');
    for (const name of [
      'PORT',
      'LOG_LEVEL',
      'SVC_AUTH_URL',
      'CONSOLE_USERS_FILE',
      'SVC_CLIENT_ID',
      'SVC_SIGNING_KEY_FILE',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('reads secrets from *_FILE variables and client groups', () => {
    const users = file('users.json', '{"users":[]}');
    const env = parseEnv({
      SVC_BASE_URL: 'https://svc.example/',
      SVC_AUTH_URL: 'https://auth.example',
      SVC_CLIENT_ID: 'main',
      SVC_CLIENT_SECRET_FILE: file('secret', 'from-file\n'),
      SVC_CLIENT_FIAT_ID: 'fiat',
      SVC_CLIENT_FIAT_SECRET_FILE: file('fiat-secret', 'fiat-secret'),
      SVC_CLIENT_FIAT_SCOPES: 'transfer:write_fiat_account',
      CONSOLE_USERS_FILE: users,
    });
    expect(env.svcBaseUrl).toBe('https://svc.example');
    expect(env.credentials?.default).toEqual({ clientId: 'main', clientSecret: 'from-file' });
    expect(env.credentials?.groups).toEqual([
      {
        name: 'fiat',
        clientId: 'fiat',
        clientSecret: 'fiat-secret',
        scopes: ['transfer:write_fiat_account'],
      },
    ]);
  });

  it('refuses a secret given both ways', () => {
    expect(
      problems({
        SVC_CLIENT_ID: 'a',
        SVC_CLIENT_SECRET: 'x',
        SVC_CLIENT_SECRET_FILE: file('s2', 'y'),
      }).join(),
    ).toMatch(/SVC_CLIENT_SECRET and SVC_CLIENT_SECRET_FILE/);
  });

  it('refuses a signing key file that group or others can read', () => {
    const loose = file('loose.pem', pem, 0o644);
    expect(problems({ SVC_SIGNING_KEY_FILE: loose, SVC_SIGNING_KEY_ID: 'k' }).join()).toMatch(
      /readable by group or others/,
    );
    const tight = file('tight.pem', pem, 0o600);
    expect(
      parseEnv({ SVC_SIGNING_KEY_FILE: tight, SVC_SIGNING_KEY_ID: 'k' }).signingKey,
    ).toMatchObject({ kid: 'k' });
  });

  it('never puts a secret value in the message', () => {
    const text = problems({
      SVC_BASE_URL: 'https://svc',
      SVC_CLIENT_SECRET: 'super-secret-value',
    }).join('\n');
    expect(text).not.toContain('super-secret-value');
  });

  it('reads the approval policy file, and a bad one stops the start naming the member', () => {
    const transfer = exampleInput('createSvcTransfer');
    expect(requirementFor(parseEnv({}).policy, 'createSvcTransfer', transfer)).toBeDefined();
    const good = file(
      'policy.json',
      JSON.stringify({ operations: { createSvcTransfer: { required: false } } }),
    );
    const freed = parseEnv({ CONSOLE_POLICY_FILE: good }).policy;
    expect(requirementFor(freed, 'createSvcTransfer', transfer)).toBeUndefined();
    const bad = file(
      'bad-policy.json',
      JSON.stringify({ operations: { createOrder: { required: true, approvers: 3 } } }),
    );
    expect(problems({ CONSOLE_POLICY_FILE: bad })).toEqual([
      'CONSOLE_POLICY_FILE: operations.createOrder.approvers: must be 1 or 2',
    ]);
  });

  it('reads the hardening settings, with the README defaults', () => {
    expect(parseEnv({})).toMatchObject({
      publicOrigin: undefined,
      trustProxy: false,
      signIn: { maxFailures: 5, addressMaxFailures: 20, lockMs: 15 * 60_000 },
      sendRatePerMinute: 60,
      bodyLimitBytes: 64 * 1024,
    });
    expect(
      parseEnv({
        PUBLIC_URL: 'https://console.example/',
        TRUST_PROXY: 'true',
        SIGNIN_MAX_FAILURES: '3',
        SIGNIN_ADDRESS_MAX_FAILURES: '50',
        SIGNIN_LOCK_MINUTES: '30',
        SEND_RATE_PER_MINUTE: '10',
        BODY_LIMIT_KB: '16',
      }),
    ).toMatchObject({
      publicOrigin: 'https://console.example',
      trustProxy: true,
      signIn: { maxFailures: 3, addressMaxFailures: 50, lockMs: 30 * 60_000 },
      sendRatePerMinute: 10,
      bodyLimitBytes: 16 * 1024,
    });
    const text = problems({
      PUBLIC_URL: 'console.example',
      TRUST_PROXY: 'maybe',
      BODY_LIMIT_KB: '0',
    }).join();
    for (const name of ['PUBLIC_URL', 'TRUST_PROXY', 'BODY_LIMIT_KB']) expect(text).toContain(name);
  });

  it('reads the read rate and the service budget, with the README defaults', () => {
    expect(parseEnv({})).toMatchObject({ readRatePerMinute: 600, serviceBudgetPercent: 80 });
    expect(
      parseEnv({ READ_RATE_PER_MINUTE: '120', SVC_RATE_BUDGET_PERCENT: '50.5' }),
    ).toMatchObject({ readRatePerMinute: 120, serviceBudgetPercent: 50.5 });
    expect(parseEnv({ SVC_RATE_BUDGET_PERCENT: 'off' }).serviceBudgetPercent).toBeUndefined();
  });

  it('names a read rate and a service budget it cannot use, all in one message', () => {
    const bad = (budget: string) =>
      problems({ READ_RATE_PER_MINUTE: '0', SVC_RATE_BUDGET_PERCENT: budget });
    expect(bad('90')).toEqual([
      expect.stringMatching(/^READ_RATE_PER_MINUTE: /),
      expect.stringMatching(/^SVC_RATE_BUDGET_PERCENT: .*at most 83/),
    ]);
    for (const budget of ['0', '-1', 'none', '83.5']) {
      expect(bad(budget).join('\n')).toMatch(/SVC_RATE_BUDGET_PERCENT: .*at most 83/);
    }
    expect(problems({ SVC_RATE_BUDGET_PERCENT: '83' })).toEqual([]);
  });

  it('reads the database URL from a file too', () => {
    const env = parseEnv({ DATABASE_URL_FILE: file('db-url', 'postgres://u:p@db/console\n') });
    expect(env.databaseUrl).toBe('postgres://u:p@db/console');
  });
});

describe('configuration warnings (15, item 2)', () => {
  it('say when PUBLIC_URL is https:// but TRUST_PROXY is off', () => {
    const behindProxy = parseEnv({ PUBLIC_URL: 'https://console.example' });
    expect(configurationWarnings(behindProxy)).toEqual([
      expect.stringMatching(/TRUST_PROXY is off.*share|count them all as one/),
    ]);
    expect(
      configurationWarnings(
        parseEnv({ PUBLIC_URL: 'https://console.example', TRUST_PROXY: 'true' }),
      ),
    ).toEqual([]);
    expect(configurationWarnings(parseEnv({}))).toEqual([]);
  });
});

describe('replicas (issue 16)', () => {
  const service = {
    SVC_BASE_URL: 'https://api.svc.example',
    SVC_AUTH_URL: 'https://auth.svc.example',
    SVC_CLIENT_ID: 'id',
    SVC_CLIENT_SECRET: 'secret',
    CONSOLE_USERS_FILE: file('users-replicas.json', '{"users":[]}'),
    DATABASE_URL: 'postgres://u:p@db/console',
  };

  it('defaults to one process, a 30 s lease, a look every 10 s and no metrics route', () => {
    expect(parseEnv({})).toMatchObject({
      workers: 1,
      sendLeaseMs: 30_000,
      resolverIntervalMs: 10_000,
      metricsToken: undefined,
    });
  });

  it('reads workers, lease, interval and the metrics token (also from a file)', () => {
    const env = parseEnv({
      ...service,
      WORKERS: '4',
      SEND_LEASE_SECONDS: '2',
      RESOLVER_INTERVAL_SECONDS: '0.5',
      METRICS_TOKEN_FILE: file('metrics-token', 'a-long-enough-metrics-token\n'),
    });
    expect(env).toMatchObject({
      workers: 4,
      sendLeaseMs: 2_000,
      resolverIntervalMs: 500,
      metricsToken: 'a-long-enough-metrics-token',
    });
  });

  it('refuses WORKERS > 1 on embedded PGlite, saying to set DATABASE_URL', () => {
    const { DATABASE_URL: _, ...withoutDatabase } = service;
    expect(problems({ ...withoutDatabase, WORKERS: '2' })).toEqual([
      expect.stringMatching(/^WORKERS: 2 processes need one PostgreSQL .*set DATABASE_URL/),
    ]);
    expect(problems({ ...service, WORKERS: '2' })).toEqual([]);
  });

  it('refuses WORKERS > 1 with the embedded sandbox, which serves one process', () => {
    expect(problems({ DATABASE_URL: service.DATABASE_URL, WORKERS: '3' })).toEqual([
      expect.stringMatching(/^WORKERS: the embedded sandbox serves one process.*SVC_BASE_URL/),
    ]);
  });

  it.each([
    ['WORKERS', '0'],
    ['SEND_LEASE_SECONDS', '0'],
    ['RESOLVER_INTERVAL_SECONDS', 'often'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has a space in it somewhere'],
  ])('refuses %s=%s', (name, value) => {
    expect(problems({ ...service, [name]: value })).toEqual([
      expect.stringMatching(new RegExp(`^${name}: `)),
    ]);
  });
});

describe('notifications (issue 36)', () => {
  it('has no channel by default, reminds an hour ahead and tries a message eight times', () => {
    const { notify } = parseEnv({});
    expect(notify).toMatchObject({
      smtp: undefined,
      webhook: undefined,
      reminderLeadMs: 3_600_000,
      intervalMs: 5_000,
      leaseMs: 30_000,
      retryBaseMs: 30_000,
      maxAttempts: 8,
    });
  });

  it('reads SMTP, the webhook and its secret, the secrets also from files', () => {
    const { notify } = parseEnv({
      SMTP_URL_FILE: file('smtp-url', 'smtp://mailer:p%40ss-word@mail.example:587\n'),
      SMTP_FROM: 'Console <console@example.com>',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example/services/T1/B2/abc',
      NOTIFY_WEBHOOK_SECRET_FILE: file('hook-secret', 'a-secret-of-24-characters\n'),
      NOTIFY_REMINDER_MINUTES: '30',
      NOTIFY_MAX_ATTEMPTS: '3',
    });
    expect(notify.smtp).toEqual({
      url: 'smtp://mailer:p%40ss-word@mail.example:587',
      from: 'Console <console@example.com>',
    });
    expect(notify.webhook).toEqual({
      url: 'https://hooks.example/services/T1/B2/abc',
      secret: 'a-secret-of-24-characters',
    });
    expect(notify.reminderLeadMs).toBe(1_800_000);
    expect(notify.maxAttempts).toBe(3);
  });

  it('names what is missing or bad without repeating a secret', () => {
    const found = problems({
      SMTP_URL: 'http://mailer:hunter2-secret@mail.example',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example/services/T1/B2/secret-path',
      NOTIFY_WEBHOOK_SECRET: 'short',
      NOTIFY_MAX_ATTEMPTS: '0',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'SMTP_URL: must be a smtp or smtps:// URL with a host',
        'SMTP_FROM: required with SMTP_URL (console@example.com)',
        'NOTIFY_WEBHOOK_SECRET: must have at least 16 characters',
        expect.stringMatching(/^NOTIFY_MAX_ATTEMPTS: /),
      ]),
    );
    const text = found.join('\n');
    for (const secret of ['hunter2-secret', 'secret-path', 'short']) {
      expect(text).not.toContain(secret);
    }
    expect(problems({ NOTIFY_WEBHOOK_URL: 'https://hooks.example/x' })).toEqual([
      expect.stringMatching(/^NOTIFY_WEBHOOK_SECRET: required with NOTIFY_WEBHOOK_URL/),
    ]);
  });
});

describe('the watcher’s pace', () => {
  it.each([
    [{}, 200],
    [{ WATCH_SHARE_PERCENT: '2' }, 1_000],
    [{ WATCH_SHARE_PERCENT: 'off' }, undefined],
  ])('%j spaces the watcher’s reads by %s ms', (vars, spacing) => {
    expect(parseEnv(vars).watchSpacingMs).toBe(spacing);
  });

  it('refuses a share the watcher could spend the operators’ budget on', () => {
    expect(() => parseEnv({ WATCH_SHARE_PERCENT: '50' })).toThrow(/WATCH_SHARE_PERCENT/);
  });
});

describe('the nightly reconciliation', () => {
  it.each([
    [{}, true],
    [{ RECONCILE_DAILY: 'off' }, false],
  ])('%j reconciles the day before every night: %s', (vars, daily) => {
    expect(parseEnv(vars).reconcileDaily).toBe(daily);
  });

  it('refuses anything but on or off', () => {
    expect(() => parseEnv({ RECONCILE_DAILY: 'yes' })).toThrow(/RECONCILE_DAILY/);
  });
});

describe('how long a record may stay pending before reconciliation queues it', () => {
  const HOUR = 3_600_000;
  it.each([
    [{}, { transfer: 24 * HOUR, order: HOUR, orchestration: 24 * HOUR }],
    [
      {
        RECONCILE_PENDING_TRANSFER_MINUTES: '2880',
        RECONCILE_PENDING_ORDER_MINUTES: '15',
        RECONCILE_PENDING_ORCHESTRATION_MINUTES: '90',
      },
      { transfer: 48 * HOUR, order: 15 * 60_000, orchestration: 90 * 60_000 },
    ],
    [
      { RECONCILE_PENDING_ORDER_MINUTES: '1' },
      { transfer: 24 * HOUR, order: 60_000, orchestration: 24 * HOUR },
    ],
  ])('%j: %j', (vars, limits) => {
    expect(parseEnv(vars).reconcilePendingLimitMs).toEqual(limits);
  });

  it.each([
    ['RECONCILE_PENDING_TRANSFER_MINUTES', '0'],
    ['RECONCILE_PENDING_ORDER_MINUTES', '1.5'],
    ['RECONCILE_PENDING_ORCHESTRATION_MINUTES', '44641'],
    ['RECONCILE_PENDING_TRANSFER_MINUTES', 'a day'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('the window of repeated batches', () => {
  it.each([
    [{}, 7],
    [{ BATCH_REPEAT_DAYS: '30' }, 30],
  ])('%j compares uploads with the batches of the last %i days', (vars, days) => {
    expect(parseEnv(vars).batchRepeatDays).toBe(days);
  });

  it.each(['0', '2.5', 'week'])('refuses %s days', (days) => {
    expect(() => parseEnv({ BATCH_REPEAT_DAYS: days })).toThrow(/BATCH_REPEAT_DAYS/);
  });
});

describe('the fee schedule', () => {
  it.each([
    [{}, undefined],
    [
      { FEE_SCHEDULE: '{"BTCUSD":{"maker":"0.001","taker":"0.0025"}}' },
      { BTCUSD: { maker: '0.001', taker: '0.0025' } },
    ],
  ])('%j sets the schedule %j', (vars, schedule) => {
    expect(parseEnv(vars).feeSchedule).toEqual(schedule);
  });

  it.each([
    ['not JSON', '{BTCUSD'],
    ['an unknown market', '{"XYZUSD":{"maker":"0.001","taker":"0.0025"}}'],
    ['a rate as a number', '{"BTCUSD":{"maker":0.001,"taker":"0.0025"}}'],
    ['a missing taker rate', '{"BTCUSD":{"maker":"0.001"}}'],
  ])('refuses %s, naming the variable', (_, text) => {
    expect(() => parseEnv({ FEE_SCHEDULE: text })).toThrow(/FEE_SCHEDULE/);
  });
});

describe('the audit sealer’s pace', () => {
  it.each([
    [{}, 1_000],
    [{ AUDIT_SEAL_MILLIS: '250' }, 250],
  ])('%j seals pending audit records every %s ms', (vars, ms) => {
    expect(parseEnv(vars).audit.sealMs).toBe(ms);
  });

  it.each(['0', '10', '60001', 'soon'])('refuses AUDIT_SEAL_MILLIS=%s', (value) => {
    expect(problems({ AUDIT_SEAL_MILLIS: value }).join('\n')).toMatch(/AUDIT_SEAL_MILLIS/);
  });
});
