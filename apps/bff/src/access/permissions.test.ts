import { WRITE_OPERATION_IDS, operations, type Role } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../app-routes';
import type { RouteDef } from '../routes/route-table';
import { echoSuccess, scriptedClient, testApp } from '../../test/harness';
import { createOidcClient } from '../oidc/oidc-client';
import { allows } from './permissions';

/**
 * Who may use each route of the BFF, written out by hand, cell by cell. Deliberately not derived
 * from `allows`, the registry's role lists or the route table: a change to any of them that
 * widens or narrows a role's reach fails here until this table says the same.
 */
const Y = true;
const N = false;
const MATRIX: Record<
  string,
  { admin: boolean; finance: boolean; support: boolean; viewer: boolean }
> = {
  'GET /api/health': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/health/live': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/health/ready': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/session': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/session': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/session/options': { admin: Y, finance: Y, support: Y, viewer: Y },
  // Single sign-on (mounted when OIDC_ISSUER is set): anyone, before any session exists.
  'GET /api/session/oidc/start': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/session/oidc/callback': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/session/oidc/logout': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/session/oidc/backchannel-logout': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/session/extend': { admin: Y, finance: Y, support: Y, viewer: Y },
  'DELETE /api/session': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/sessions': { admin: Y, finance: Y, support: Y, viewer: Y },
  'DELETE /api/sessions/:id': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/security-events': { admin: Y, finance: N, support: N, viewer: N },
  'GET /api/operations': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/journal': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/journal.csv': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/journal/:id': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/journal/:id/retry': { admin: Y, finance: Y, support: Y, viewer: N },
  'GET /api/svc/v2/*': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/approvals': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/approvals/:id': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/approvals/:id/approve': { admin: Y, finance: Y, support: Y, viewer: N },
  'POST /api/approvals/:id/reject': { admin: Y, finance: Y, support: Y, viewer: N },
  // The passkey challenge of a decision (issue 61): whoever may decide it.
  'POST /api/approvals/:id/challenge': { admin: Y, finance: Y, support: Y, viewer: N },
  // Passkeys (issue 61): one's own for everyone; everyone's, and confirming another's, for admins.
  'GET /api/passkeys': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/passkeys/all': { admin: Y, finance: N, support: N, viewer: N },
  'POST /api/passkeys/register/options': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/passkeys/register/verify': { admin: Y, finance: Y, support: Y, viewer: Y },
  'PUT /api/passkeys/:id': { admin: Y, finance: Y, support: Y, viewer: Y },
  'DELETE /api/passkeys/:id': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/passkeys/:id/confirm': { admin: Y, finance: N, support: N, viewer: N },
  'POST /api/approvals/:id/cancel': { admin: Y, finance: Y, support: Y, viewer: N },
  'GET /api/work-queue': { admin: Y, finance: Y, support: Y, viewer: Y },
  // The book of allowed destinations (issue 37): everyone reads it (a viewer masked), those who
  // send money propose entries, an admin revokes one.
  'GET /api/destinations': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/destinations/:id': { admin: Y, finance: Y, support: Y, viewer: Y },
  // What the policy says of a form's destination, for its pickers: everyone who sees forms.
  'GET /api/destinations/rule': { admin: Y, finance: Y, support: Y, viewer: Y },
  // The organisation's fee rates (issue 67): a price list, read by whoever reads an order.
  'GET /api/fee-schedule': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/destinations': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/destinations/:id/revoke': { admin: Y, finance: N, support: N, viewer: N },
  // The approval policy's versions (issue 38): everyone reads what their sends will need; an
  // admin proposes a version, another admin approves it through the approvals.
  'GET /api/policy': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/policy/versions': { admin: Y, finance: N, support: N, viewer: N },
  // A draft replayed over the journal, changing nothing: those who write, live under and review
  // the policy; it lists sends with amounts and operators, so not support or viewers.
  'POST /api/policy/dry-run': { admin: Y, finance: Y, support: N, viewer: N },
  // One's own limits and what is left of them.
  'GET /api/limits': { admin: Y, finance: Y, support: Y, viewer: Y },
  // Notifications (issue 36): one's own choices for everyone; delivery for admins.
  'GET /api/notifications/preferences': { admin: Y, finance: Y, support: Y, viewer: Y },
  'PUT /api/notifications/preferences': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/notifications/recipients': { admin: Y, finance: N, support: N, viewer: N },
  'GET /api/notifications/dead-letters': { admin: Y, finance: N, support: N, viewer: N },
  'POST /api/notifications/:id/retry': { admin: Y, finance: N, support: N, viewer: N },
  // The live stream (issue 35): every operator, each message filtered for their role.
  'GET /api/stream': { admin: Y, finance: Y, support: Y, viewer: Y },
  'GET /api/inbox': { admin: Y, finance: Y, support: Y, viewer: Y },
  'POST /api/inbox/read': { admin: Y, finance: Y, support: Y, viewer: Y },
  // The service's webhook: no session, its API key instead (tested in webhook.test.ts).
  'POST /api/webhooks/svc': { admin: Y, finance: Y, support: Y, viewer: Y },
  // The audit trail (issue 41): admins and auditors verify it, sign its heads and export it.
  'GET /api/audit/verification': { admin: Y, finance: N, support: N, viewer: N },
  'POST /api/audit/checkpoints': { admin: Y, finance: N, support: N, viewer: N },
  'POST /api/audit/exports': { admin: Y, finance: N, support: N, viewer: N },
  // Reconciliation (issue 40): finance and admins run it and work its queue.
  'POST /api/reconciliation/runs': { admin: Y, finance: Y, support: N, viewer: N },
  // Insights (issue 62): money moved, totals only; support sees none of money movement.
  'GET /api/insights/money-moved': { admin: Y, finance: Y, support: N, viewer: Y },
  'GET /api/reconciliation/runs': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/reconciliation/differences': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/reconciliation/differences/:id': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/reconciliation/differences/:id/assign': {
    admin: Y,
    finance: Y,
    support: N,
    viewer: N,
  },
  'POST /api/reconciliation/differences/:id/resolve': {
    admin: Y,
    finance: Y,
    support: N,
    viewer: N,
  },
  'GET /api/reconciliation/export': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/reconciliation/statements/check': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/reconciliation/statements': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/reconciliation/statements': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/reconciliation/statements/:id': { admin: Y, finance: Y, support: N, viewer: N },
  // Batches (issue 39): those who move money check, upload, approve and steer them; viewers read
  // them (masked as the journal is); support, who moves no money, does neither.
  'POST /api/batches/check': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/batches': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/batches': { admin: Y, finance: Y, support: N, viewer: Y },
  'GET /api/batches/:id': { admin: Y, finance: Y, support: N, viewer: Y },
  'GET /api/batches/:id/rows': { admin: Y, finance: Y, support: N, viewer: Y },
  'POST /api/batches/:id/approve': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/batches/:id/reject': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/batches/:id/pause': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/batches/:id/resume': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/batches/:id/cancel': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/batches/:id/results': { admin: Y, finance: Y, support: N, viewer: Y },
  'POST /api/schedules': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/schedules/preview': { admin: Y, finance: Y, support: N, viewer: N },
  'GET /api/schedules': { admin: Y, finance: Y, support: N, viewer: Y },
  'GET /api/schedules/:id': { admin: Y, finance: Y, support: N, viewer: Y },
  'POST /api/schedules/:id/approve': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/schedules/:id/reject': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/schedules/:id/pause': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/schedules/:id/resume': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/schedules/:id/skip': { admin: Y, finance: Y, support: N, viewer: N },
  'POST /api/schedules/:id/cancel': { admin: Y, finance: Y, support: N, viewer: N },
};

/**
 * The auditor's column (issue 41), kept apart so that it reads at a glance: every read and the
 * audit trail's routes allowed, every send, approval, revocation and delivery action refused.
 * Their own session (sign in, out, extend, end one of their own) and their own notification
 * choices are theirs as for everyone.
 */
const AUDITOR: Record<string, boolean> = {
  'GET /api/health': Y,
  'GET /api/health/live': Y,
  'GET /api/health/ready': Y,
  'POST /api/session': Y,
  'GET /api/session': Y,
  'GET /api/session/options': Y,
  'GET /api/session/oidc/start': Y,
  'GET /api/session/oidc/callback': Y,
  'GET /api/session/oidc/logout': Y,
  'POST /api/session/oidc/backchannel-logout': Y,
  'POST /api/session/extend': Y,
  'DELETE /api/session': Y,
  'GET /api/sessions': Y,
  'DELETE /api/sessions/:id': Y,
  'GET /api/security-events': Y,
  'GET /api/operations': Y,
  'GET /api/journal': Y,
  'GET /api/journal.csv': Y,
  'GET /api/journal/:id': Y,
  'POST /api/journal/:id/retry': N,
  'GET /api/svc/v2/*': Y,
  'GET /api/approvals': Y,
  'GET /api/approvals/:id': Y,
  'POST /api/approvals/:id/approve': N,
  'POST /api/approvals/:id/reject': N,
  'POST /api/approvals/:id/challenge': N,
  // Passkeys: one's own, as every operator; never another's.
  'GET /api/passkeys': Y,
  'GET /api/passkeys/all': N,
  'POST /api/passkeys/register/options': Y,
  'POST /api/passkeys/register/verify': Y,
  'PUT /api/passkeys/:id': Y,
  'DELETE /api/passkeys/:id': Y,
  'POST /api/passkeys/:id/confirm': N,
  'POST /api/approvals/:id/cancel': N,
  'GET /api/work-queue': Y,
  'GET /api/destinations': Y,
  'GET /api/destinations/:id': Y,
  'GET /api/destinations/rule': Y,
  'GET /api/fee-schedule': Y,
  'POST /api/destinations': N,
  'GET /api/policy': Y,
  'POST /api/policy/versions': N,
  'POST /api/policy/dry-run': Y,
  'POST /api/destinations/:id/revoke': N,
  'GET /api/limits': Y,
  'GET /api/notifications/preferences': Y,
  'PUT /api/notifications/preferences': Y,
  'GET /api/notifications/recipients': N,
  'GET /api/notifications/dead-letters': N,
  'POST /api/notifications/:id/retry': N,
  'GET /api/audit/verification': Y,
  'POST /api/audit/checkpoints': Y,
  'POST /api/audit/exports': Y,
  'GET /api/insights/money-moved': Y,
  // Reconciliation: read, never acted on.
  'POST /api/reconciliation/runs': N,
  'GET /api/reconciliation/runs': Y,
  'GET /api/reconciliation/differences': Y,
  'GET /api/reconciliation/differences/:id': Y,
  'POST /api/reconciliation/differences/:id/assign': N,
  'POST /api/reconciliation/differences/:id/resolve': N,
  'GET /api/reconciliation/export': Y,
  'POST /api/reconciliation/statements/check': N,
  'POST /api/reconciliation/statements': N,
  'GET /api/reconciliation/statements': Y,
  'GET /api/reconciliation/statements/:id': Y,
  // Batches: read, never checked, uploaded, approved or steered.
  'POST /api/batches/check': N,
  'POST /api/batches': N,
  'GET /api/batches': Y,
  'GET /api/batches/:id': Y,
  'GET /api/batches/:id/rows': Y,
  'POST /api/batches/:id/approve': N,
  'POST /api/batches/:id/reject': N,
  'POST /api/batches/:id/pause': N,
  'POST /api/batches/:id/resume': N,
  'POST /api/batches/:id/cancel': N,
  'GET /api/batches/:id/results': Y,
  // Schedules: read, never made, approved or steered.
  'POST /api/schedules': N,
  'POST /api/schedules/preview': N,
  'GET /api/schedules': Y,
  'GET /api/schedules/:id': Y,
  'POST /api/schedules/:id/approve': N,
  'POST /api/schedules/:id/reject': N,
  'POST /api/schedules/:id/pause': N,
  'POST /api/schedules/:id/resume': N,
  'POST /api/schedules/:id/skip': N,
  'POST /api/schedules/:id/cancel': N,
  // The live stream and the inbox, filtered and masked for the role as the reads are.
  'GET /api/stream': Y,
  'GET /api/inbox': Y,
  'POST /api/inbox/read': Y,
  // No session: the service's API key instead.
  'POST /api/webhooks/svc': Y,
};

/**
 * Who may send each write of the registry (and see its preview, the review step: whoever may send
 * it), as rules over the scope the service asks of it, first match wins: a new write whose scope
 * fits a rule needs no row, one that fits none fails here by name until a rule says who may send
 * it. Written by hand like the matrix, never from the entry's `roles`: the entry is what is
 * checked. The auditor sends nothing.
 */
const WRITE_RULES: [scope: RegExp, why: string, cells: (typeof MATRIX)[string]][] = [
  [
    /^transfer:write_fiat_account$/,
    'a bank account of a payee is kept by support, not by those who send to it',
    { admin: Y, finance: N, support: Y, viewer: N },
  ],
  [
    /^(exchange|transfer|orchestration|fee):write_/,
    'trading, moving money, standing instructions, payee addresses and quotes: those who move money',
    { admin: Y, finance: Y, support: N, viewer: N },
  ],
];

for (const id of WRITE_OPERATION_IDS) {
  const scope = operations[id].scope;
  const rule = WRITE_RULES.find(([pattern]) => pattern.test(scope));
  if (!rule) throw new Error(`${id}: no rule of the permission matrix for its scope ${scope}`);
  for (const route of [`POST /api/operations/${id}`, `POST /api/operations/${id}/preview`]) {
    MATRIX[route] = rule[2];
    AUDITOR[route] = N;
  }
}

const ROLES_IN_TABLE: readonly Role[] = ['admin', 'finance', 'support', 'viewer', 'auditor'];
const cellsOf = (route: string) => ({ ...MATRIX[route]!, auditor: AUDITOR[route] });

describe('the role × route permission matrix', () => {
  let routes: RouteDef[];
  beforeAll(async () => {
    // With single sign-on configured, so that its routes are in the table too (nothing is
    // fetched from the provider until a sign-in begins).
    const sso = createOidcClient(
      {
        issuer: 'https://idp.example',
        clientId: 'console',
        clientAuth: { kind: 'client-secret', secret: 's' },
        roleClaim: 'groups',
        roleMap: [{ group: 'g', role: 'viewer' }],
        providerName: 'IdP',
        scopes: 'openid',
        insecureLoopback: false,
      },
      { redirectUri: () => '', postLogoutRedirectUri: () => '' },
    );
    const h = await testApp({ client: scriptedClient(echoSuccess).client, sso });
    routes = routeTable(h.deps);
  });

  it('has a row for every route the BFF registers, and no row for a route that is gone', () => {
    const registered = routes.map((r) => `${r.method} ${r.path}`).sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it('has an auditor cell for every route, and none for a route that is gone', () => {
    expect(Object.keys(AUDITOR).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(
    Object.keys(MATRIX).flatMap((route) =>
      ROLES_IN_TABLE.map((role) => [route, role, cellsOf(route)[role]] as const),
    ),
  )('%s: %s is allowed = %s', (route, role, expected) => {
    const def = routes.find((r) => `${r.method} ${r.path}` === route);
    expect(def, `${route} is in the route table`).toBeDefined();
    expect(allows(role, def!.permission)).toBe(expected);
  });
});
