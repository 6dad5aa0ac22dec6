import { generateKeyPairSync } from 'node:crypto';
import {
  DEMO_IDS,
  exampleInput,
  type AuditExport,
  type JournalEntry,
  type Role,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { emptyTrail } from '../../test/audit-trail';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';
import { routeTable } from '../app-routes';
import { auditKeyFromPem } from '../audit/audit-key';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

/**
 * Personal data on every route that answers with journal entries, approvals or service records
 * (issue 15, item 16; issue 32, findings 1 and 2): a viewer sees none of it; finance sees none of
 * a fiat account's (its read is whole for support and admin only); support and admin see it whole.
 */
const fiatUpdate = {
  ...exampleInput('updateFiatAccount'),
  fiat_account_owner: { person_details: { first_name: 'Grace', last_name: 'Hopperton' } },
  fiat_network_instructions: {
    wire: { account_number: '000123456789', routing_details: { routing_number: '021000021' } },
  },
  metadata: { ticket: 'SUP-SECRET-9911' },
};

/** The account as the service holds it before the change: the approval keeps it. */
const accountNow = {
  id: fiatUpdate.id,
  status: 'APPROVED',
  fiat_account_owner: { person_details: { first_name: 'Ada', last_name: 'Lovelace-Byron' } },
  fiat_network_instructions: { wire: { account_number: '000555566667777' } },
  metadata: { ticket: 'SUP-OLD-4242' },
};

const SECRETS = [
  'Hopperton',
  '000123456789',
  '021000021',
  'SUP-SECRET-9911',
  'Lovelace-Byron',
  '000555566667777',
  'SUP-OLD-4242',
];

const leaks = (text: string) => SECRETS.filter((secret) => text.includes(secret));

/** The service: a fiat account read answers the account; a write echoes its body. */
const service = (request: SendRequest): UpstreamOutcome =>
  request.method === 'GET'
    ? { kind: 'answered', status: 200, body: accountNow, attempts: 1, retried: false }
    : echoSuccess(request);

interface Case {
  path: (ids: { held: string; rejected: string }) => string;
  /** The roles whose answer must carry the data whole (proving the route serves it at all). */
  whole: readonly Role[];
}

/** Every GET route of the BFF that answers with entries, approvals or records. */
const ROUTES: Record<string, Case> = {
  '/api/journal': { path: () => '/api/journal', whole: ['support', 'admin'] },
  '/api/journal.csv': { path: () => '/api/journal.csv', whole: ['support', 'admin'] },
  '/api/journal/:id': {
    path: (ids) => `/api/journal/${ids.rejected}`,
    whole: ['support', 'admin'],
  },
  // The maker (support) sees their own requests; admin sees the rejected one as needing attention.
  '/api/work-queue': { path: () => '/api/work-queue', whole: ['support', 'admin'] },
  // Only admin may decide the held request (support made it).
  '/api/approvals': { path: () => '/api/approvals', whole: ['admin'] },
  '/api/approvals/:id': {
    path: (ids) => `/api/approvals/${ids.held}`,
    whole: ['support', 'admin'],
  },
  '/api/svc/v2/*': {
    path: () => `/api/svc/v2/transfer/fiat-accounts/${fiatUpdate.id}`,
    whole: ['support', 'admin'],
  },
};

/** GET routes that carry no journal entry, approval or service record (what they answer instead). */
const WITHOUT_RECORDS: Record<string, string> = {
  '/api/health': 'status',
  '/api/health/live': 'status',
  '/api/health/ready': 'status',
  '/api/metrics': 'counters',
  '/api/session': 'the operator themselves',
  '/api/session/options': 'sign-in options',
  '/api/sessions': 'session metadata',
  '/api/passkeys': 'passkey metadata: names, states and times, never a key',
  '/api/passkeys/all': 'passkey metadata: names, states and times, never a key',
  '/api/security-events': 'sign-ins and security events',
  '/api/operations': 'the registry',
  '/api/limits': 'the operator’s own limits',
  '/api/fee-schedule': 'the organisation’s fee rates per market',
  '/api/destinations/rule': 'the policy’s word on an operation and asset',
  // Thresholds, roles and limits of each version; proposals as journal entries, each masked by
  // the journal's rule, whose bodies are policy documents.
  '/api/policy': 'the approval policy’s versions and proposals',
  '/api/notifications/preferences': 'the operator’s own choices and address',
  // Operators' addresses are admins' to see; a message's subject names the operation and amount
  // as a viewer would see them, never its body.
  '/api/notifications/recipients': 'operators and their addresses (admins)',
  '/api/notifications/dead-letters': 'message subjects and delivery errors (admins)',
  // Positions, hashes and break kinds of the hash chains: no record's content (issue 41).
  '/api/audit/verification': 'the audit trail’s verification (admins and auditors)',
  // Sums per UTC day, operation and asset: no operator, account, address or memo (issue 62).
  '/api/insights/money-moved': 'totals of money moved per day, operation and asset',
};

/**
 * GET routes that stream service records as they change: masked per message by the read proxy's
 * rule (`watch/change-view.ts`), and tested where the stream is (`test/integration/stream.test.ts`:
 * a viewer receives a deposit's memo masked, finance whole).
 */
const STREAMED: Record<string, string> = {
  '/api/stream': 'changes of service records, each masked for the role',
  '/api/inbox': 'the same changes, masked by the same rule (test/integration/stream.test.ts)',
};

/**
 * GET routes of reconciliation (issue 40): each side of a difference masked as its own page masks
 * it, a destination's values for a role that sees no personal data; tested where reconciliation
 * is (`test/integration/reconcile-routes.test.ts`).
 */
const RECONCILED: Record<string, string> = {
  '/api/reconciliation/runs': 'periods, counts and who started each run',
  '/api/reconciliation/differences':
    'differences, a destination masked for viewers of no personal data',
  '/api/reconciliation/differences/:id':
    'the journal entry and the service record, each masked by its own rule',
  '/api/reconciliation/export': 'the same differences as CSV, masked the same way',
  '/api/reconciliation/statements': 'sources, periods, counts and who uploaded each statement',
  '/api/reconciliation/statements/:id':
    'the three sides of each difference; a statement line’s description masked for a role that sees no personal data; no unmapped column is kept',
};

/**
 * GET routes of schedules (issue 63): each version's body masked for a role that sees no personal
 * data, as the journal masks the entries its occurrences become; tested where the routes are
 * (`routes/schedule-routes.test.ts`: a viewer reads a series' memo masked, finance whole).
 */
const SCHEDULED: Record<string, string> = {
  '/api/schedules': 'series: timing, sums, who made and approved them, bodies masked by role',
  '/api/schedules/:id': 'the same, with its occurrences and recorded actions',
};

/**
 * GET routes of batches (issue 39): a row's cells of personal fields (its metadata, an address)
 * and its body masked for a role that sees no personal data, as the journal masks the entry the
 * row becomes; the batch itself carries sums and who acted.
 */
/** What a batch file held that the batch does not keep: an unmapped column, an excluded row. */
const NOT_KEPT = ['Hopperton', 'Lovelace', 'SUP-OLD-4242'];

const BATCHED: Record<string, { path?: (id: string) => string; why: string }> = {
  '/api/batches': { why: 'batches: sums per asset and destination, who uploaded and approved' },
  '/api/batches/:id': { why: 'the same, and what changed since an earlier upload' },
  '/api/batches/:id/rows': {
    path: (id) => `/api/batches/${id}/rows`,
    why: 'rows: cells and bodies, personal ones masked',
  },
  '/api/batches/:id/results': {
    path: (id) => `/api/batches/${id}/results`,
    why: 'the rows as CSV, masked the same way',
  },
};

/** GET routes that answer the book of allowed destinations, whose crypto addresses are personal. */
const BOOK_ROUTES: Record<string, (id: string) => string> = {
  '/api/destinations': () => '/api/destinations',
  '/api/destinations/:id': (id) => `/api/destinations/${id}`,
};

/**
 * An app whose audit trail signs exports, over an empty trail: the tests before left records of
 * rows since cleared away, and an export refuses while the rows and the trail disagree (issue 57).
 */
async function auditedApp() {
  const db = await sharedDb();
  await emptyTrail(db);
  const key = await auditKeyFromPem(
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );
  const h = await approvalApp({
    client: scriptedClient(service).client,
    policy: unsignedDefaultPolicy(),
    extra: { audit: { db, key } },
  });
  return { db, h };
}

describe('personal data on every route', () => {
  it('lists every GET route of the BFF, so that a new one must say what it shows', async () => {
    const h = await approvalApp({ client: scriptedClient(service).client });
    const gets = routeTable(h.deps)
      .filter((route) => route.method === 'GET' && route.path.startsWith('/api/'))
      .map((route) => route.path);
    const listed = new Set([
      ...Object.keys(ROUTES),
      ...Object.keys(WITHOUT_RECORDS),
      ...Object.keys(BOOK_ROUTES),
      ...Object.keys(STREAMED),
      ...Object.keys(RECONCILED),
      ...Object.keys(BATCHED),
      ...Object.keys(SCHEDULED),
    ]);
    expect(gets.filter((path) => !listed.has(path))).toEqual([]);
    expect(Object.keys(ROUTES).filter((path) => !gets.includes(path))).toEqual([]);
  });

  it('a viewer and finance see a fiat account masked everywhere; support and admin see it whole', async () => {
    const h = await approvalApp({
      client: scriptedClient(service).client,
      policy: unsignedDefaultPolicy(),
    });
    const held = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    const rejected = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    expect([held.status, rejected.status]).toEqual([202, 202]);
    const reject = await h.post(`/api/approvals/${rejected.journal.id}/reject`, h.cookies.admin, {
      reason: 'Wrong owner',
    });
    expect(reject.status).toBe(200);
    const ids = { held: held.journal.id, rejected: rejected.journal.id };

    // Every route and role is tried before judging, so that a failure names them all.
    const wrong: string[] = [];
    for (const [route, { path, whole }] of Object.entries(ROUTES)) {
      for (const role of ['viewer', 'finance', 'support', 'admin'] as const) {
        const res = await h.get(path(ids), h.cookies[role]);
        const found = res.status === 200 ? leaks(await res.text()) : [];
        if (res.status !== 200) wrong.push(`${role} ${route}: answered ${res.status}`);
        else if (whole.includes(role) && found.length === 0) wrong.push(`${role} ${route}: masked`);
        else if (!whole.includes(role) && found.length > 0) {
          wrong.push(`${role} ${route}: shows ${found.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a viewer and an auditor see a batch row’s metadata masked in its rows and results, finance and admin whole; no one sees an unmapped column or an excluded row, which are not kept', async () => {
    const h = await approvalApp({ client: scriptedClient(service).client });
    const { treasury, payouts } = DEMO_IDS.profiles;
    // `Beneficiary name` maps to no field, and row 2 is excluded at upload: the batch keeps
    // neither (batch-kept.ts). Only a column of a field known to be non-personal is shown whole
    // to a role that sees no personal data.
    const created = await h.post('/api/batches', h.cookies.finance, {
      operation: 'createInternalTransfer',
      file_name: 'personal.csv',
      text:
        `from_profile_id,to_profile_id,asset,amount,metadata.ticket,Beneficiary name\n` +
        `${treasury},${payouts},USD,12.50,SUP-SECRET-9911,Grace Hopperton\n` +
        `${treasury},${payouts},USD,1.00,SUP-OLD-4242,Ada Lovelace-Byron\n`,
      exclude_rows: [2],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const auditor = await h.signIn('auditor');
    const wrong: string[] = [];
    for (const { path } of Object.values(BATCHED)) {
      if (!path) continue;
      for (const [role, cookie] of [
        ['viewer', h.cookies.viewer],
        ['auditor', auditor],
        ['finance', h.cookies.finance],
        ['admin', h.cookies.admin],
      ] as const) {
        const res = await h.get(path(id), cookie);
        const text = await res.text();
        const masked = role === 'viewer' || role === 'auditor';
        if (res.status !== 200) wrong.push(`${role} ${path(id)}: answered ${res.status}`);
        else if (masked && leaks(text).length > 0) {
          wrong.push(`${role} ${path(id)}: shows ${leaks(text).join(', ')}`);
        } else if (masked && !text.includes('••••')) wrong.push(`${role} ${path(id)}: not masked`);
        else if (!masked && !text.includes('SUP-SECRET-9911')) wrong.push(`${role}: masked`);
        for (const kept of NOT_KEPT) {
          if (text.includes(kept)) wrong.push(`${role} ${path(id)}: shows ${kept}`);
        }
      }
    }
    // A search is no way to read a masked cell: a viewer finds no row by it, finance does; by
    // what was not kept, no one does.
    for (const [role, cookie] of [
      ['viewer', h.cookies.viewer],
      ['auditor', auditor],
      ['finance', h.cookies.finance],
    ] as const) {
      for (const [q, financeFinds] of [
        ['SUP-SECRET', 1],
        ['Hopperton', 0],
        ['SUP-OLD', 0],
      ] as const) {
        const res = await h.get(`/api/batches/${id}/rows?q=${q}`, cookie);
        const { total } = (await res.json()) as { total: number };
        if (total !== (role === 'finance' ? financeFinds : 0)) {
          wrong.push(`${role} q=${q}: found ${total}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Nor does the database hold them: the excluded row is its number and why.
    const stored = await (
      await sharedDb()
    ).query<{ row_no: number; text: string; error: string | null }>(
      `select row_no, cells::text || coalesce(body::text, '') as text, error from batch_rows
       where batch_id = $1::uuid order by row_no`,
      [id],
    );
    expect(stored.filter((r) => NOT_KEPT.some((kept) => r.text.includes(kept)))).toEqual([]);
    expect(stored[1]).toEqual({ row_no: 2, text: '{}', error: 'Excluded at upload.' });
  });

  it('an auditor’s signed journal export masks what the journal page masks for them, and the trail says so; an admin’s is whole', async () => {
    const { db, h } = await auditedApp();
    const held = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    expect(held.status).toBe(202);
    const period = { kind: 'journal', from: '2000-01-01', to: '2100-01-01' };
    const wrong: string[] = [];
    for (const [role, cookie] of [
      ['auditor', await h.signIn('auditor')],
      ['admin', h.cookies.admin],
    ] as const) {
      const res = await h.post('/api/audit/exports', cookie, period);
      if (res.status !== 200) {
        wrong.push(`${role}: answered ${res.status}`);
        continue;
      }
      const { csv } = (await res.json()) as AuditExport;
      const found = leaks(csv);
      if (role === 'auditor' && found.length > 0) wrong.push(`auditor: shows ${found.join(', ')}`);
      if (role === 'auditor' && !csv.includes('••••')) wrong.push('auditor: not masked');
      if (role === 'admin' && !csv.includes('Hopperton')) wrong.push('admin: masked');
    }
    expect(wrong).toEqual([]);
    const records = await db.query<{ content: string }>(
      `select content from audit_records where chain = 'audit' and kind = 'export' order by position`,
    );
    const fields = records.slice(-2).map((r) => JSON.parse(r.content) as Record<string, unknown>);
    expect(fields.map((f) => [f.actor, f.masked_for])).toEqual([
      ['auditor', 'auditor'],
      ['admin', 'admin'],
    ]);
  });

  it('a viewer sees the masked values by kind (names as initials, account numbers to their last four, free text not at all), and the path and hash as they are', async () => {
    const h = await approvalApp({
      client: scriptedClient(service).client,
      policy: unsignedDefaultPolicy(),
    });
    const held = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    const entry = (await (
      await h.get(`/api/journal/${held.journal.id}`, h.cookies.viewer)
    ).json()) as JournalEntry;
    const body = JSON.parse(entry.request_body) as typeof fiatUpdate;
    expect(body.fiat_account_owner.person_details.last_name).toBe('H.');
    expect(body.fiat_network_instructions.wire.account_number).toBe('••••6789');
    expect(body.metadata.ticket).toBe('••••');
    expect(entry.body_sha256).toBe(held.journal.body_sha256);
    expect(entry.body_masked).toBe(true);
    expect(entry.request_path).toBe(held.journal.request_path);
  });

  it('a viewer sees a crypto address of the book masked, in the book and in the journal; every other role whole', async () => {
    const h = await approvalApp({ client: scriptedClient(service).client });
    const address = 'bc1qpersonalwallet0000secret7731';
    const proposed = await h.post('/api/destinations', h.cookies.finance, {
      target: { kind: 'crypto-address', network: 'BITCOIN', address },
      name: 'Treasury cold wallet',
      reason: 'Quarterly rebalancing',
    });
    expect(proposed.status).toBe(202);
    const { journal } = (await proposed.json()) as { journal: JournalEntry };
    const id = (JSON.parse(journal.request_body) as { id: string }).id;
    const paths = [...Object.values(BOOK_ROUTES).map((path) => path(id)), '/api/journal'];
    const wrong: string[] = [];
    for (const path of paths) {
      for (const role of ['viewer', 'finance', 'support', 'admin'] as const) {
        const res = await h.get(path, h.cookies[role]);
        const text = await res.text();
        if (res.status !== 200) wrong.push(`${role} ${path}: answered ${res.status}`);
        else if (role === 'viewer' && text.includes(address))
          wrong.push(`viewer ${path}: shows it`);
        else if (role !== 'viewer' && !text.includes(address))
          wrong.push(`${role} ${path}: masked`);
        if (role === 'viewer' && res.status === 200 && !text.includes('••••7731')) {
          wrong.push(`viewer ${path}: not masked to its last four`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a viewer and an auditor see a destination address’s nickname masked, in the list, its rename and its approval, and cannot filter by it; finance whole', async () => {
    const nickname = 'Alice Moreau: BTC payouts';
    const record = {
      id: 'a9c1f2e4-0000-4000-8000-00000000beef',
      crypto_network: 'BITCOIN',
      address: 'bc1qpersonalwallet0000secret7731',
      nickname,
      status: 'APPROVED',
    };
    const book = (request: SendRequest): UpstreamOutcome =>
      request.method === 'GET'
        ? {
            kind: 'answered',
            status: 200,
            body: { addresses: [record], pagination: {} },
            attempts: 1,
            retried: false,
          }
        : echoSuccess(request);
    const h = await approvalApp({
      client: scriptedClient(book).client,
      policy: unsignedDefaultPolicy(),
    });
    // A rename by id: the body has no network beside the nickname.
    const renamed = await h.submit(
      'putCryptoDestinationAddress',
      { id: record.id, nickname: 'Alice Moreau: cold storage' },
      'finance',
    );
    expect(renamed.status).toBe(202);
    const list = '/api/svc/v2/transfer/crypto-destination-addresses';
    const paths = [list, '/api/journal', `/api/approvals/${renamed.journal.id}`];
    const auditor = await h.signIn('auditor');
    const wrong: string[] = [];
    for (const [role, cookie] of [
      ['viewer', h.cookies.viewer],
      ['auditor', auditor],
      ['finance', h.cookies.finance],
    ] as const) {
      for (const path of paths) {
        const res = await h.get(path, cookie);
        const text = await res.text();
        const shows = text.includes('Alice Moreau');
        if (res.status !== 200) wrong.push(`${role} ${path}: answered ${res.status}`);
        else if (role === 'finance' && !shows) wrong.push(`finance ${path}: masked`);
        else if (role !== 'finance' && shows) wrong.push(`${role} ${path}: shows the nickname`);
      }
      // A filter by what the role sees masked would tell whether a guess is right.
      const filtered = await h.get(`${list}?nicknames=${encodeURIComponent(nickname)}`, cookie);
      const expected = role === 'finance' ? 200 : 400;
      if (filtered.status !== expected) {
        wrong.push(`${role} filter by nickname: answered ${filtered.status}`);
      } else if (expected === 400) {
        const problem = (await filtered.json()) as { errors?: { path: string }[] };
        if (problem.errors?.[0]?.path !== 'nicknames') wrong.push(`${role}: no field named`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the approval page keeps the snapshot and its comparison masked for finance', async () => {
    const h = await approvalApp({
      client: scriptedClient(service).client,
      policy: unsignedDefaultPolicy(),
    });
    const held = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    const asFinance = await h.detail(held.journal.id, 'finance');
    expect(asFinance.before?.record).toMatchObject({
      fiat_account_owner: { person_details: { last_name: 'L. B.' } },
    });
    const asAdmin = await h.detail(held.journal.id, 'admin');
    expect(asAdmin.before?.record).toMatchObject({
      fiat_account_owner: { person_details: { last_name: 'Lovelace-Byron' } },
    });
  });

  it('an auditor reads the same masked values on the journal page, in its CSV export and in a signed export (issue 67)', async () => {
    const { h } = await auditedApp();
    const held = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    const auditor = await h.signIn('auditor');
    const entry = (await (
      await h.get(`/api/journal/${held.journal.id}`, auditor)
    ).json()) as JournalEntry;
    const csv = await (await h.get('/api/journal.csv', auditor)).text();
    const period = { kind: 'journal', from: '2000-01-01', to: '2100-01-01' };
    const signed = (await (
      await h.post('/api/audit/exports', auditor, period)
    ).json()) as AuditExport;
    // Each surface as text, a CSV cell's doubled quotes undone: one masked value, one spelling.
    const surfaces = {
      page: entry.request_body,
      csv: csv.replaceAll('""', '"'),
      'signed export': signed.csv.replaceAll('""', '"'),
    };
    const masked = ['"last_name":"H."', '"account_number":"••••6789"', '"ticket":"••••"'];
    const wrong = Object.entries(surfaces).flatMap(([surface, text]) => [
      ...masked
        .filter((value) => !text.includes(value))
        .map((value) => `${surface} lacks ${value}`),
      ...leaks(text).map((secret) => `${surface} shows ${secret}`),
    ]);
    expect(wrong).toEqual([]);
  });
});
