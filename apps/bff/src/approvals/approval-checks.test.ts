import { exampleInput, type JournalEntry, type Role } from '@console/schemas';
import { createHash, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedDb } from '../../test/harness';
import { requestSha256 } from '../journal/journal-store';
import { staticDirectory } from '../operators/operator-directory';
import { createSecurityEventStore } from '../security/security-events';
import type { ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow, ApprovalRow } from './approval-rows';
import { recount, reportTampered, tampered, whyNotCounted } from './approval-checks';
import { decideNow } from './send-time-rules';
import { buildPolicy, noApprovalPolicy, type ApprovalPolicy } from './policy';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

const user = (username: string, role: Role) => ({
  username,
  display_name: `Operator ${username}`,
  role,
  password_hash: 'not-used-here',
});

/** The operators as they are NOW (after the approvals were given). */
const directory = staticDirectory([
  user('maker', 'finance'),
  user('finance2', 'finance'),
  user('admin', 'admin'),
  user('support', 'support'),
  user('viewer', 'viewer'),
]);

let entry: JournalEntry;
let request: ApprovalRequestRow;

/** A journal entry as the journal store returns it: the counting itself needs no database. */
function journalled(body: Record<string, unknown>): JournalEntry {
  const request_body = JSON.stringify(body);
  return {
    id: randomUUID(),
    operation: 'createInternalTransfer',
    operator: 'maker',
    operator_name: 'Operator maker',
    ref_id: null,
    state: 'AWAITING_APPROVAL',
    method: 'POST',
    request_path: '/v2/transfer/internal',
    request_body,
    body_sha256: createHash('sha256').update(request_body, 'utf8').digest('hex'),
    attempts: 0,
    response_status: null,
    response: null,
    error: null,
    request_id: 'req-checks',
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    policy_version: null,
  };
}

const requestFor = (
  e: JournalEntry,
  needed = 1,
  roles: Role[] = ['finance', 'admin'],
): ApprovalRequestRow => ({
  journal_id: e.id,
  approvers_needed: needed,
  eligible_roles: roles,
  body_sha256: e.body_sha256,
  request_sha256: requestSha256(e),
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
});

const approvalBy = (
  approver: string,
  sha: string | null = request.request_sha256,
): ApprovalRow => ({
  approver,
  approver_name: `Operator ${approver}`,
  body_sha256: request.body_sha256,
  request_sha256: sha,
  approved_at: new Date().toISOString(),
});

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });

beforeEach(() => {
  entry = journalled(transfer('125.50'));
  request = requestFor(entry);
});

describe('whether one approval counts (whyNotCounted)', () => {
  const policy = unsignedDefaultPolicy();

  it('counts an eligible approver of this very request', () => {
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('finance2'))).toBeNull();
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('admin'))).toBeNull();
  });

  it('never counts the maker’s own approval, even with the right hash and role', () => {
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('maker'))).toBe(
      'maker made the request',
    );
  });

  it.each([
    ['another request’s hash', 'f'.repeat(64)],
    ['no request hash (given before approvals bound the whole request)', null],
  ])('never counts an approval of a stale hash: %s', (_, sha) => {
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('finance2', sha))).toBe(
      'finance2 approved a different request',
    );
  });

  it('never counts an approver removed from the operators since', () => {
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('gone'))).toBe(
      'gone is no longer an operator',
    );
  });

  it.each(['support', 'viewer'])(
    'never counts an approver whose role (%s) the request does not name',
    (approver) => {
      expect(whyNotCounted({ directory, policy }, entry, request, approvalBy(approver))).toBe(
        `${approver} no longer holds a role that may approve it`,
      );
    },
  );

  it('never counts a role the request did not name, even when the current policy names it', () => {
    const adminsOnly = requestFor(entry, 1, ['admin']);
    request = adminsOnly;
    expect(whyNotCounted({ directory, policy }, entry, adminsOnly, approvalBy('finance2'))).toBe(
      'finance2 no longer holds a role that may approve it',
    );
    expect(whyNotCounted({ directory, policy }, entry, adminsOnly, approvalBy('admin'))).toBeNull();
  });

  it('never counts a role the request named but the current policy no longer names', () => {
    const adminsOnly = buildPolicy({
      operations: { createInternalTransfer: { required: true, roles: ['admin'] } },
    });
    const deps = { directory, policy: adminsOnly };
    expect(whyNotCounted(deps, entry, request, approvalBy('finance2'))).toBe(
      'finance2 no longer holds a role that may approve it',
    );
    expect(whyNotCounted(deps, entry, request, approvalBy('admin'))).toBeNull();
  });

  it('without a policy, the request’s own roles decide', () => {
    const wide = requestFor(entry, 1, ['finance', 'admin', 'support']);
    expect(whyNotCounted({ directory }, entry, wide, approvalBy('support'))).toBeNull();
    expect(whyNotCounted({ directory }, entry, request, approvalBy('support'))).toBe(
      'support no longer holds a role that may approve it',
    );
  });

  it('for an operation the policy has no rule for, the request’s own roles decide', () => {
    const retired = { ...entry, operation: 'retiredOperation' };
    const asked = requestFor(retired);
    request = asked;
    expect(whyNotCounted({ directory, policy }, retired, asked, approvalBy('finance2'))).toBeNull();
    expect(whyNotCounted({ directory, policy }, retired, asked, approvalBy('support'))).toBe(
      'support no longer holds a role that may approve it',
    );
  });

  it('checks the maker before the hash, and the hash before the directory', () => {
    // The maker's approval of a stale hash is refused as the maker's.
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('maker', 'stale'))).toBe(
      'maker made the request',
    );
    expect(whyNotCounted({ directory, policy }, entry, request, approvalBy('gone', 'stale'))).toBe(
      'gone approved a different request',
    );
  });
});

describe('the recount before sending', () => {
  const deps = (policy: ApprovalPolicy) =>
    ({ directory, policy, now: Date.now }) as unknown as ApprovalDeps;
  /** What the policy asks of the entry now, as the send path reads it. */
  const requiredBy = async (policy: ApprovalPolicy, e: JournalEntry) =>
    (await decideNow(deps(policy), { ...e, state: 'AWAITING_APPROVAL' }))?.requirement;

  it('counts only the approvals that count, with why the others do not', () => {
    const given = [
      approvalBy('maker'),
      approvalBy('finance2'),
      approvalBy('gone'),
      approvalBy('admin', 'stale'),
      approvalBy('support'),
    ];
    expect(recount(deps(unsignedDefaultPolicy()), entry, request, given, undefined)).toEqual({
      counting: 1,
      needed: 1,
      reasons: [
        'maker made the request',
        'gone is no longer an operator',
        'admin approved a different request',
        'support no longer holds a role that may approve it',
      ],
    });
  });

  it('needs the current policy’s number when it asks more than the request did', async () => {
    const large = journalled(transfer('20000'));
    const asked = requestFor(large, 1);
    request = asked;
    const now = await requiredBy(unsignedDefaultPolicy(), large);
    const result = recount(
      deps(unsignedDefaultPolicy()),
      large,
      asked,
      [approvalBy('finance2')],
      now,
    );
    expect(result).toEqual({ counting: 1, needed: 2, reasons: [] });
  });

  it('keeps the request’s number when the current policy asks fewer or none', async () => {
    const two = requestFor(entry, 2);
    request = two;
    const given = [approvalBy('finance2'), approvalBy('admin')];
    const fewer = await requiredBy(unsignedDefaultPolicy(), entry);
    expect(fewer?.approversNeeded).toBe(1);
    expect(recount(deps(unsignedDefaultPolicy()), entry, two, given, fewer)).toEqual({
      counting: 2,
      needed: 2,
      reasons: [],
    });
    const none = await requiredBy(noApprovalPolicy(), entry);
    expect(none).toBeUndefined();
    expect(recount(deps(noApprovalPolicy()), entry, two, [approvalBy('admin')], none)).toEqual({
      counting: 1,
      needed: 2,
      reasons: [],
    });
  });

  it('a body that does not parse is counted as of unknown size: two approvers (fail closed)', async () => {
    const broken = { ...entry, request_body: '{not json' };
    const now = await requiredBy(unsignedDefaultPolicy(), broken);
    const result = recount(
      deps(unsignedDefaultPolicy()),
      broken,
      request,
      [approvalBy('finance2')],
      now,
    );
    expect(result).toEqual({ counting: 1, needed: 2, reasons: [] });
  });
});

describe('a request changed after it was submitted', () => {
  it.each([
    ['body', { request_body: '{"amount":"999999.00"}' }],
    ['path', { request_path: '/v2/transfer/other' }],
    ['method', { method: 'PUT' }],
    ['operation', { operation: 'createSvcTransfer' }],
  ])('is tampered when its %s changed', (_, change) => {
    expect(tampered(entry, request)).toBe(false);
    expect(tampered({ ...entry, ...change }, request)).toBe(true);
  });

  it('is reported as a request-tampered security event naming the maker and the entry', async () => {
    const db = await sharedDb();
    const securityEvents = createSecurityEventStore(db);
    const deps = {
      directory,
      policy: unsignedDefaultPolicy(),
      securityEvents,
    } as unknown as ApprovalDeps;
    const reason = await reportTampered(deps, entry, 'req-tamper-1');
    expect(reason).toBe(
      'Not sent: the stored request (operation, method, path or body) does not match what was submitted for approval.',
    );
    const { items } = await securityEvents.list({ kind: 'request-tampered' }, 50);
    expect(items.find((e) => e.request_id === 'req-tamper-1')).toMatchObject({
      kind: 'request-tampered',
      username: 'maker',
      detail: `journal entry ${entry.id} (createInternalTransfer /v2/transfer/internal)`,
    });
  });

  it('is still refused with its reason where no security event store is configured', async () => {
    const deps = { directory, policy: unsignedDefaultPolicy() } as unknown as ApprovalDeps;
    await expect(reportTampered(deps, entry)).resolves.toMatch(/^Not sent: the stored request/);
  });
});

describe('an escalated request (issue 37): one approval that counts from a role that may lift it', () => {
  /** Two approvers from finance or admin, one of them admin; the policy's own roles: finance. */
  const escalated = () => ({
    ...requestFor(entry, 2, ['finance', 'admin']),
    lift_roles: ['admin'] as Role[],
    escalation: 'It passes the limit of 1,000 USD in the last 24 hours.',
  });
  const financeOnly = buildPolicy({
    operations: { createInternalTransfer: { required: true, roles: ['finance'] } },
  });

  it('counts one short while no approval that counts is from a lifting role, and says so', () => {
    request = escalated();
    const withFinanceOnly = recount(
      { directory, policy: financeOnly },
      entry,
      request,
      [approvalBy('finance2')],
      undefined,
    );
    expect(withFinanceOnly).toEqual({
      counting: 1,
      needed: 2,
      reasons: ['none is from admin, who may lift the limit it passes'],
    });
  });

  it('counts the lifting approver even where the operation’s own rule does not name their role', () => {
    request = escalated();
    const counted = recount(
      { directory, policy: financeOnly },
      entry,
      request,
      [approvalBy('finance2'), approvalBy('admin')],
      undefined,
    );
    expect(counted).toEqual({ counting: 2, needed: 2, reasons: [] });
  });
});
