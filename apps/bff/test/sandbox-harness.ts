/**
 * Test support: the BFF app in this process, talking over HTTP to a real sandbox started with
 * its own configuration, and every secret of the run collected for the log scan.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { demoConfig, startSandbox, type SandboxConfig } from '@console/sandbox';
import type { Role } from '@console/schemas';
import type { Db } from '../src/db/db';
import { createApp } from '../src/app';
import type { AppDeps } from '../src/app-deps';
import { createApprovalStore } from '../src/approvals/approval-store';
import { createDestinationStore } from '../src/destinations/destination-store';
import { noApprovalPolicy, type ApprovalPolicy } from '../src/approvals/policy';
import { createUpstream } from '../src/bootstrap/upstream';
import { createJournalStore } from '../src/journal/journal-store';
import { staticDirectory } from '../src/operators/operator-directory';
import { createCounterStore } from '../src/security/counter-store';
import { createSecurityEventStore } from '../src/security/security-events';
import type { SecurityOptions } from '../src/security/security-runtime';
import { createServiceBudget, DEFAULT_BUDGET_PERCENT } from '../src/upstream/service-budget';
import { createSessionStore } from '../src/sessions/session-store';
import { describePublicKey } from '../src/upstream/signing';
import type { RequestLogEntry, TokenLogEntry } from '@console/sandbox';
import type { UserRecord } from '../src/operators/users-file';
import { heldToContract } from './contract-check';
import { startFaultProxy } from './fault-proxy';
import { BROWSER_HEADERS, logCollector, sharedDb, TEST_PASSWORDS, testUsers } from './harness';

/** Secrets used in a run: none may appear in any log line. */
export interface RunSecrets {
  values: Set<string>;
  /** How many access tokens were seen (the scan must have had some to look for). */
  tokens: number;
}

export function newPrivateKeyPem(alg: 'EdDSA' | 'ES256'): string {
  const { privateKey } =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** Long pieces of a PEM body: any of them in a log would leak part of the key. */
export function pemFragments(pem: string): string[] {
  const body = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const out: string[] = [];
  for (let i = 0; i + 24 <= body.length; i += 12) out.push(body.slice(i, i + 24));
  return out;
}

export async function sandboxHarness(options: {
  alg: 'EdDSA' | 'ES256';
  secrets: RunSecrets;
  configure?: (config: SandboxConfig) => SandboxConfig;
  /** Sends API requests through a fault proxy (tokens still go straight to the sandbox). */
  faults?: boolean;
  timeoutMs?: number;
  /** Which sends wait for approval; none unless a test exercises approvals. */
  policy?: ApprovalPolicy;
  /** More operators than the one per role (a second finance operator to approve). */
  extraUsers?: UserRecord[];
  now?: () => number;
  /**
   * The service budget's share of the service's limits (`SVC_RATE_BUDGET_PERCENT`), or `off`;
   * the production default unless a test exercises it.
   */
  serviceBudgetPercent?: number | 'off';
  /** Over the harness's hardening settings (the operators' read rate, …). */
  security?: Partial<SecurityOptions>;
  /** The live stream's heartbeat, polling and cap (issue 35). */
  live?: AppDeps['live'];
  /** The service's webhook key and header (issue 35). */
  webhook?: AppDeps['webhook'];
  /** A database of `testDatabases` (PostgreSQL); else the file's shared PGlite. */
  db?: Db;
}) {
  const { secrets } = options;
  const clientSecret = randomBytes(24).toString('base64url');
  const pem = newPrivateKeyPem(options.alg);
  const { kid, publicKeyPem } = await describePublicKey(pem);
  secrets.values.add(clientSecret);
  for (const fragment of pemFragments(pem)) secrets.values.add(fragment);
  Object.values(TEST_PASSWORDS).forEach((p) => secrets.values.add(p));

  let config = demoConfig({
    clientSecret,
    signingKeys: [{ kid, public_key_pem: publicKeyPem }],
    signingRequired: true,
  });
  if (options.configure) config = options.configure(config);
  const sandbox = await startSandbox({ config, port: 0 });
  const proxy = options.faults ? await startFaultProxy(sandbox.url) : undefined;

  // Sees every token the sandbox hands out, so that the scan can look for them.
  const tokenFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const copy = response.clone();
    await copy.json().then(
      (body: unknown) => {
        const token = (body as { access_token?: unknown }).access_token;
        if (typeof token === 'string') {
          secrets.values.add(token);
          secrets.tokens += 1;
        }
      },
      () => {},
    );
    return response;
  };

  const db = options.db ?? (await sharedDb());
  await db.exec(
    'delete from journal_entries; delete from sessions; delete from security_events; delete from security_counters;',
  );
  const { lines, logger } = logCollector();
  const percent = options.serviceBudgetPercent ?? DEFAULT_BUDGET_PERCENT;
  const { client, tokens } = await createUpstream({
    baseUrl: proxy?.url ?? sandbox.url,
    authUrl: sandbox.url,
    credentials: { default: { clientId: 'console-demo', clientSecret } },
    signingKey: { pem, kid },
    logger,
    tokenFetch,
    ...(percent === 'off'
      ? {}
      : { budget: createServiceBudget(createCounterStore(db), { percent }) }),
  });
  // Every answer is held to the browser's contract: a drift fails the test that got it.
  const app = heldToContract(
    createApp({
      db,
      journal: createJournalStore(db),
      sessions: createSessionStore(db, { idleMs: 15 * 60_000, maxMs: 8 * 3_600_000 }),
      directory: staticDirectory([...(await testUsers()), ...(options.extraUsers ?? [])]),
      client,
      logger,
      timeoutMs: options.timeoutMs ?? 10_000,
      securityEvents: createSecurityEventStore(db),
      security: { sleep: async () => {}, sendRatePerMinute: 100_000, ...options.security },
      approvals: createApprovalStore(db),
      destinations: createDestinationStore(db),
      policy: options.policy ?? noApprovalPolicy(),
      ...(options.now ? { now: options.now } : {}),
      ...(options.live ? { live: options.live } : {}),
      ...(options.webhook ? { webhook: options.webhook } : {}),
    }),
  );

  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${sandbox.url}/sandbox${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return (await res.json()) as T;
  };
  const log = () =>
    control<{ token_requests: TokenLogEntry[]; requests: RequestLogEntry[] }>('GET', '/log');

  const signIn = async (
    role: Role,
    as: { username: string; password: string } = {
      username: role,
      password: TEST_PASSWORDS[role],
    },
  ) => {
    const res = await app.request('/api/session', {
      method: 'POST',
      headers: BROWSER_HEADERS,
      body: JSON.stringify(as),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    secrets.values.add(cookie.split('=')[1]!);
    return cookie;
  };
  const post = (path: string, cookie: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, Cookie: cookie },
      body: JSON.stringify(body),
    });

  const close = async () => {
    await proxy?.close();
    await sandbox.close();
  };
  return { app, db, client, sandbox, proxy, tokens, lines, control, log, signIn, post, kid, close };
}
