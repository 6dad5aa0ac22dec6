/**
 * Test support for the approval tests: an app with a second finance operator, a movable clock
 * and the policy under test. Used by tests only.
 */
import {
  exampleInput,
  type ApprovalDetail,
  type ApprovalQueue,
  type JournalEntry,
  type Role,
} from '@console/schemas';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AppDeps } from '../src/app-deps';
import type { ApprovalDeps } from '../src/approvals/approval-deps';
import { mayResend } from '../src/approvals/approval-send';
import { sendApprovedAsConsole } from '../src/approvals/resume-approved';
import { createLogger } from '../src/logger';
import { createResolver, resolverBackoff } from '../src/send/resolver';
import { staticDirectory } from '../src/operators/operator-directory';
import { hashPassword } from '../src/operators/password';
import type { UserRecord } from '../src/operators/users-file';
import * as harness from './harness';
import type { UpstreamClient } from '../src/upstream/client';
import { type ApprovalPolicy } from '../src/approvals/policy';
import { unsignedDefaultPolicy } from './unsigned-policy';
import { createApprovalStore } from '../src/approvals/approval-store';
import { createDestinationStore } from '../src/destinations/destination-store';
import type { Db } from '../src/db/db';
import { createJournalStore } from '../src/journal/journal-store';
import { createSecurityEventStore } from '../src/security/security-events';
import { createSessionStore } from '../src/sessions/session-store';

/** Every store of the app over `db` (a PostgreSQL server instead of the shared PGlite). */
function storesOn(db: Db) {
  return {
    db,
    journal: createJournalStore(db),
    sessions: createSessionStore(db, { idleMs: 15 * 60_000, maxMs: 8 * 3_600_000 }),
    securityEvents: createSecurityEventStore(db),
    approvals: createApprovalStore(db),
    destinations: createDestinationStore(db),
  };
}

export const SECOND_FINANCE = { username: 'finance2', password: 'finance2-pass-1' };

export async function approvalUsers(): Promise<UserRecord[]> {
  return [
    ...(await harness.testUsers()),
    {
      username: SECOND_FINANCE.username,
      display_name: 'Second Finance',
      role: 'finance',
      password_hash: await hashPassword(SECOND_FINANCE.password, harness.TEST_SCRYPT),
    },
  ];
}

/** An app whose users can change while it runs (a role taken away), and whose clock moves. */
export async function approvalApp(options: {
  client: UpstreamClient;
  policy?: ApprovalPolicy;
  start?: number;
  /** The database (PostgreSQL in the tests that run on both); the shared PGlite by default. */
  db?: Db;
  /**
   * The journal's timestamps on the app's clock too (they are the process's own clock
   * otherwise): for the rolling windows of the limits, which `advance` moves through.
   */
  journalOnClock?: boolean;
  /** The operators as the users file would hold them (an email each, …). */
  users?: (users: UserRecord[]) => UserRecord[];
  /** More of the app's dependencies (the notification channels configured, …). */
  extra?: Partial<AppDeps>;
}) {
  let users = (options.users ?? ((u: UserRecord[]) => u))(await approvalUsers());
  let clock = options.start ?? Date.now();
  const directory = {
    find: (username: string) => staticDirectory(users).find(username),
    list: () => users,
  };
  const stores = options.db ? storesOn(options.db) : {};
  const h = await harness.testApp({
    client: options.client,
    directory,
    now: () => clock,
    ...(options.policy ? { policy: options.policy } : {}),
    ...stores,
    ...(options.journalOnClock
      ? {
          journal: createJournalStore(
            options.db ?? (await harness.sharedDb()),
            () => new Date(clock),
          ),
        }
      : {}),
    ...options.extra,
  });
  const signInAs = async (username: string, password: string) => {
    const res = await h.app.request('/api/session', {
      method: 'POST',
      headers: harness.BROWSER_HEADERS,
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in as ${username} answered ${res.status}`);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  const cookies = {
    finance: await h.signIn('finance'),
    finance2: await signInAs(SECOND_FINANCE.username, SECOND_FINANCE.password),
    admin: await h.signIn('admin'),
    support: await h.signIn('support'),
    viewer: await h.signIn('viewer'),
  };
  const approve = (id: string, who: keyof typeof cookies) =>
    h.post(`/api/approvals/${id}/approve`, cookies[who], {});
  const detail = async (id: string, who: keyof typeof cookies = 'admin') =>
    (await (await h.get(`/api/approvals/${id}`, cookies[who])).json()) as ApprovalDetail;
  const queue = async (who: keyof typeof cookies) =>
    (await (await h.get('/api/approvals', cookies[who])).json()) as ApprovalQueue;
  /** Submits as `who` and returns the journal entry of the 202. */
  const submit = async (
    operation: string,
    input: unknown,
    who: keyof typeof cookies = 'finance',
  ) => {
    const res = await h.post(`/api/operations/${operation}`, cookies[who], input);
    const body = (await res.json()) as { journal: JournalEntry; approval?: unknown };
    return { status: res.status, ...body };
  };
  /**
   * Puts `target` in the book as finance proposes it and finance2 approves it; ACTIVE unless
   * `cooling` (the clock is moved past its cooling-off, `coolingMs`, 24 hours by default).
   */
  const addDestination = async (
    target: Record<string, unknown>,
    options: { cooling?: boolean; coolingMs?: number; name?: string } = {},
  ) => {
    const res = await h.post('/api/destinations', cookies.finance, {
      target,
      name: options.name ?? 'Test destination',
      reason: 'Tests send there',
    });
    expect(res.status).toBe(202);
    const proposal = (await res.json()) as { journal: JournalEntry };
    const approved = await approve(proposal.journal.id, 'finance2');
    expect(approved.status).toBe(200);
    const { data } = (await approved.json()) as { data: { id: string; usable_from: string } };
    if (!options.cooling) clock += options.coolingMs ?? 24 * 3_600_000;
    return { id: data.id, usableFrom: data.usable_from, proposal: proposal.journal };
  };
  return {
    ...h,
    cookies,
    approve,
    addDestination,
    detail,
    queue,
    submit,
    advance: (ms: number) => (clock += ms),
    /** The app's clock now. */
    now: () => clock,
    setRole: (username: string, role: Role) =>
      (users = users.map((u) => (u.username === username ? { ...u, role } : u))),
    removeUser: (username: string) => (users = users.filter((u) => u.username !== username)),
  };
}

/**
 * A transfer submitted by finance at `start` and approved by finance2, left APPROVED (the last
 * approval committed, the send did not happen yet), with deps whose clock and policy are given.
 */
export async function approvedTransfer(
  options: { amount?: string; policy?: ApprovalPolicy; answer?: typeof harness.echoSuccess } = {},
) {
  const scripted = harness.scriptedClient(options.answer ?? harness.echoSuccess);
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  const policy = options.policy ?? unsignedDefaultPolicy();
  const h = await approvalApp({ client: scripted.client, policy, start });
  const held = await h.submit('createInternalTransfer', {
    ...exampleInput('createInternalTransfer'),
    amount: options.amount ?? '42.00',
  });
  expect(held.status).toBe(202);
  const id = held.journal.id;
  const request = (await h.deps.approvals.request(id))!;
  await h.deps.approvals.addApproval(h.db, id, {
    approver: 'finance2',
    approver_name: 'Second Finance',
    body_sha256: request.body_sha256,
    request_sha256: request.request_sha256,
    approved_at: new Date(start).toISOString(),
  });
  const entry = (await h.deps.journal.move(id, ['AWAITING_APPROVAL'], 'APPROVED', null))!;
  const depsAt = (now: number, p: ApprovalPolicy = policy): ApprovalDeps =>
    ({ ...h.deps, policy: p, now: () => now }) as ApprovalDeps;
  const events = async () =>
    (await h.deps.approvals.events(id)).map(({ kind, actor, detail }) => ({ kind, actor, detail }));
  const stored = async () => (await h.deps.journal.get(id))!;
  return { h, id, entry, request, start, scripted, depsAt, events, stored };
}

/**
 * What the next start of the console does with the entries a stopped process left APPROVED (it
 * died after the last approval, before the send): a new process on the database takes over the
 * stopped one's leases (as every start on PGlite does) and its resolver's first look sends each
 * after the approvals' checks, in the console's name. The entries as that look left them.
 */
export async function nextStart(db: Db, deps: ApprovalDeps): Promise<JournalEntry[]> {
  const journal = createJournalStore(db, undefined, { owner: `restarted/${randomUUID()}` });
  await journal.leases.expireOthers();
  const restarted: ApprovalDeps = { ...deps, journal };
  const resolver = createResolver(restarted, {
    intervalMs: 60_000,
    backoff: resolverBackoff(60_000),
    logger: createLogger('silent'),
    sendApproved: (entry, requestId) => sendApprovedAsConsole(restarted, entry, requestId),
    mayResend: (entry, requestId) => mayResend(restarted, entry, requestId),
  });
  return (await resolver.lookNow()).map((report) => report.entry);
}
