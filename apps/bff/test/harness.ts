/**
 * Test support: an app over in-memory PGlite with one operator per role and a scripted service.
 * Used by tests only (never imported by the app).
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { ROLES, type Role } from '@console/schemas';
import { inject } from 'vitest';
import { createApp } from '../src/app';
import type { AppDeps } from '../src/app-deps';
import { createApprovalStore } from '../src/approvals/approval-store';
import { createDestinationStore } from '../src/destinations/destination-store';
import { noApprovalPolicy } from '../src/approvals/policy';
import type { Db } from '../src/db/db';
import { openDb } from '../src/db/open-db';
import { createJournalStore } from '../src/journal/journal-store';
import { createLogger } from '../src/logger';
import { staticDirectory } from '../src/operators/operator-directory';
import { hashPassword } from '../src/operators/password';
import type { UserRecord } from '../src/operators/users-file';
import { createSecurityEventStore } from '../src/security/security-events';
import { createSessionStore } from '../src/sessions/session-store';
import type { SendRequest, UpstreamClient, UpstreamOutcome } from '../src/upstream/client';
import { heldToContract } from './contract-check';

/** Cheap scrypt cost for tests: the format is the same, the time is not. */
export const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

/** A password per role for the test operators (username = role). */
export const TEST_PASSWORDS: Record<Role, string> = {
  admin: 'admin-pass-1',
  finance: 'finance-pass-1',
  support: 'support-pass-1',
  viewer: 'viewer-pass-1',
  auditor: 'auditor-pass-1',
};

export async function testUsers(): Promise<UserRecord[]> {
  return Promise.all(
    ROLES.map(async (role) => ({
      username: role,
      display_name: `Test ${role}`,
      role,
      password_hash: await hashPassword(TEST_PASSWORDS[role], TEST_SCRYPT),
    })),
  );
}

/** A service stand-in that answers what `answer` says and records every request. */
export function scriptedClient(
  answer: (request: SendRequest, index: number) => UpstreamOutcome | Promise<UpstreamOutcome>,
) {
  const requests: SendRequest[] = [];
  const client: UpstreamClient = {
    async send(request) {
      requests.push(request);
      return answer(request, requests.length - 1);
    },
  };
  return { client, requests };
}

/** Echoes the body back as the created resource, with an id. */
export const echoSuccess = (request: SendRequest): UpstreamOutcome => ({
  kind: 'answered',
  status: 200,
  body: { id: `r-${Math.random().toString(36).slice(2)}`, ...JSON.parse(request.body || '{}') },
  attempts: 1,
  retried: false,
});

/** Collects every log line of the app. */
export function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger('debug', stream) };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The archive of a migrated cluster the global setup made, for `openDb({ seed })`. */
    pgliteSeed: string;
  }
}

let shared: Promise<Db> | undefined;

/**
 * One migrated in-memory database per test file, started from the archive the global setup made
 * (initdb and the migrations would take seconds in every file).
 */
export function sharedDb(): Promise<Db> {
  shared ??= openDb({
    dataDir: 'memory://',
    seed: new Blob([readFileSync(inject('pgliteSeed'))]),
  });
  return shared;
}

/**
 * What the SPA sends with every state-changing request (`apps/web/src/lib/api.ts`): the CSRF
 * header, its own origin (`app.request()` addresses `http://localhost`) and a JSON body. Tests
 * of anything but the CSRF checks themselves spread it into their requests' headers.
 */
export const BROWSER_HEADERS = {
  'Content-Type': 'application/json',
  'X-CSRF': '1',
  Origin: 'http://localhost',
} as const;

/**
 * A fresh app over `options.db` (a test on PostgreSQL passes one from `testDatabases`), else over
 * the shared database. The shared database's tables are emptied first; a database passed in is
 * left as it is: a second app on it is a second process, which must not end the first's sessions.
 */
export async function testApp(
  options: Partial<AppDeps> & { client: UpstreamClient; now?: () => number },
) {
  const shared = await sharedDb();
  await shared.exec(
    'delete from journal_entries; delete from sessions; delete from security_events; delete from security_counters;',
  );
  const db = options.db ?? shared;
  const { lines, logger } = logCollector();
  const deps: AppDeps = {
    db,
    journal: createJournalStore(db),
    sessions: createSessionStore(db, { idleMs: 15 * 60_000, maxMs: 8 * 3_600_000 }),
    directory: staticDirectory(await testUsers()),
    logger,
    timeoutMs: 5_000,
    securityEvents: createSecurityEventStore(db),
    // No waiting on failed sign-ins and room for many sends: tests of those limits set them.
    security: { sleep: async () => {}, sendRatePerMinute: 100_000 },
    approvals: createApprovalStore(db),
    destinations: createDestinationStore(db),
    // Tests of plain sending send at once; approval tests pass the policy they exercise.
    policy: noApprovalPolicy(),
    ...options,
  };
  // Every answer is held to the browser's contract: a drift fails the test that got it.
  const app = heldToContract(createApp(deps));

  /** Signs in and returns the Cookie header value. */
  const signIn = async (role: Role) => {
    const res = await app.request('/api/session', {
      method: 'POST',
      headers: BROWSER_HEADERS,
      body: JSON.stringify({ username: role, password: TEST_PASSWORDS[role] }),
    });
    if (res.status !== 200) throw new Error(`sign-in as ${role} answered ${res.status}`);
    const cookie = res.headers.get('set-cookie') ?? '';
    return cookie.split(';')[0]!;
  };

  const post = (path: string, cookie: string | undefined, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
  const get = (path: string, cookie?: string) =>
    app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

  return { app, db, deps, lines, signIn, post, get };
}
