import { randomUUID } from 'node:crypto';
import {
  exampleInput,
  operations,
  type PolicyDryRun,
  type WriteOperationId,
} from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient } from '../../test/harness';
import { legacyToDocument } from '../approvals/policy-legacy';
import type { Db } from '../db/db';
import { createSsoOperatorStore } from '../oidc/sso-operators';
import { DraftError, dryRun, NoVersion, PAGE_ROWS, VersionUnreadable } from './dry-run';
import { createPolicyStore, type PolicyStore } from './policy-store';

const NOW = Date.parse('2026-11-27T09:00:00Z');
const DAY = 24 * 3_600_000;
const V1_AT = NOW - 20 * DAY;
const V2_AT = NOW - 10 * DAY;

/**
 * Internal transfers of USD above `usd` wait for one approver from finance or admin (any other
 * asset at any amount); orders above 5 000 USD of notional for one from finance; every other
 * write keeps its built-in rule.
 */
const policyWith = (usd: string) => ({
  operations: {
    createInternalTransfer: {
      required: true,
      roles: ['finance', 'admin'],
      required_above: { USD: usd, '*': '0' },
    },
    createOrder: { required: true, roles: ['finance'], required_above: { USD: '5000', '*': '0' } },
  },
});
const V1 = policyWith('1000');
const V2 = policyWith('500');
/** The draft lowers the transfer threshold to 100 USD. */
const DRAFT = policyWith('100');

const transfer = (amount: string, asset = 'USD') => ({
  ref_id: randomUUID(),
  from_profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  to_profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e02',
  asset,
  amount,
});
const order = (quoteAmount: string) => ({
  ref_id: randomUUID(),
  profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  market: 'BTCUSD',
  side: 'BUY',
  type: 'MARKET',
  quote_amount: quoteAmount,
});

interface Seeded {
  name: string;
  operation: WriteOperationId | 'proposePolicyVersion';
  body: object | undefined;
  at: number;
  version: number | null;
  state?: string;
  operator?: string;
}

/**
 * The journal of the tests, oldest first. Under version 1 (threshold 1 000) and version 2 (500),
 * replayed through the draft (100). `then`/`draft` are what each decides.
 */
const JOURNAL: Seeded[] = [
  // Outside the default period (30 days).
  {
    name: 'old',
    operation: 'createInternalTransfer',
    body: transfer('800'),
    at: NOW - 40 * DAY,
    version: 1,
  },
  // Before any version, not stamped: decided by the first.
  {
    name: 'before-v1',
    operation: 'createInternalTransfer',
    body: transfer('700'),
    at: NOW - 25 * DAY,
    version: null,
  },
  {
    name: 'usd-800-v1',
    operation: 'createInternalTransfer',
    body: transfer('800'),
    at: NOW - 15 * DAY,
    version: 1,
  },
  {
    name: 'usd-50-v1',
    operation: 'createInternalTransfer',
    body: transfer('50'),
    at: NOW - 15 * DAY,
    version: 1,
  },
  {
    name: 'btc-v1',
    operation: 'createInternalTransfer',
    body: transfer('0.5', 'BTC'),
    at: NOW - 15 * DAY,
    version: 1,
  },
  {
    name: 'usd-2000-v1',
    operation: 'createInternalTransfer',
    body: transfer('2000'),
    at: NOW - 15 * DAY,
    version: 1,
    state: 'AWAITING_APPROVAL',
  },
  // Not stamped, made while version 1 was in force: version 1 (version 2 would hold it).
  {
    name: 'usd-700-unstamped',
    operation: 'createInternalTransfer',
    body: transfer('700'),
    at: NOW - 15 * DAY,
    version: null,
  },
  // Version 2 held it already: no change (version 1 would have sent it).
  {
    name: 'usd-800-v2',
    operation: 'createInternalTransfer',
    body: transfer('800'),
    at: NOW - 5 * DAY,
    version: 2,
    state: 'REJECTED',
  },
  // By an operator no longer known: a viewer's send.
  {
    name: 'usd-300-v2',
    operation: 'createInternalTransfer',
    body: transfer('300'),
    at: NOW - 5 * DAY,
    version: 2,
    operator: 'gone',
  },
  {
    name: 'order-100',
    operation: 'createOrder',
    body: order('100'),
    at: NOW - 5 * DAY,
    version: 2,
  },
  {
    name: 'order-6000',
    operation: 'createOrder',
    body: order('6000'),
    at: NOW - 5 * DAY,
    version: 2,
  },
  {
    name: 'fiat-update',
    operation: 'updateFiatAccount',
    body: exampleInput('updateFiatAccount'),
    at: NOW - 4 * DAY,
    version: 2,
  },
  // A console action is not a send.
  {
    name: 'proposal',
    operation: 'proposePolicyVersion',
    body: { document: DRAFT },
    at: NOW - 2 * DAY,
    version: null,
    state: 'AWAITING_APPROVAL',
  },
];
const ids = new Map<string, string>();

async function seedJournal(db: Db) {
  await db.exec('delete from journal_entries');
  for (const entry of JOURNAL) {
    const id = randomUUID();
    ids.set(entry.name, id);
    const text = entry.body === undefined ? '' : JSON.stringify(entry.body);
    const path =
      entry.operation === 'proposePolicyVersion' ? '(console)' : operations[entry.operation].path;
    await db.query(
      `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
         request_path, request_body, body_sha256, attempts, request_id, created_at, updated_at,
         policy_version)
       values ($1, $2, $3, $3, $4, $5, 'POST', $6, $7, 'sha', 1, $8, $9::timestamptz,
         $9::timestamptz, $10)`,
      [
        id,
        entry.operation,
        entry.operator ?? 'finance',
        randomUUID(),
        entry.state ?? 'SUCCEEDED',
        path,
        text,
        randomUUID(),
        new Date(entry.at).toISOString(),
        entry.version,
      ],
    );
  }
}

/** Everything the dry run must leave as it found: every row of the journal and of the versions. */
async function fingerprint(db: Db) {
  const [journal] = await db.query<{ count: string; hash: string | null }>(
    `select count(*)::text as count, md5(string_agg(t::text, '|' order by seq)) as hash
     from journal_entries t`,
  );
  const [versions] = await db.query<{ count: string; hash: string | null }>(
    `select count(*)::text as count, md5(string_agg(t::text, '|' order by version)) as hash
     from policy_versions t`,
  );
  return { journal, versions };
}

type App = Awaited<ReturnType<typeof approvalApp>>;

/** The journal and the versions are read on each database, as a deployment's would be. */
describe.each(testDatabases)('the dry run on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let h: App;
  let store: PolicyStore;
  let requests: unknown[];

  beforeAll(async () => {
    const scripted = scriptedClient(echoSuccess);
    requests = scripted.requests;
    opened = await database.open();
    const db = opened.db;
    store = createPolicyStore(db);
    await store.seed(V1, 'file', new Date(V1_AT));
    await db.transaction((tx) =>
      store.adopt(
        tx,
        {
          document: V2,
          based_on: 1,
          source: 'console',
          reason: 'Transfers above 500 USD wait',
          proposed_by: 'admin',
          proposed_by_name: 'Test admin',
          proposed_at: new Date(V2_AT).toISOString(),
          proposal_id: null,
        },
        new Date(V2_AT),
      ),
    );
    h = await approvalApp({ client: scripted.client, start: NOW, db, extra: { policies: store } });
  });
  afterAll(async () => {
    await opened.close();
  });

  beforeEach(async () => {
    await seedJournal(h.db);
  });

  const run = (draft: unknown = DRAFT, period: { from?: Date; to?: Date } = {}) =>
    dryRun({ db: h.db, store, directory: h.deps.directory, now: () => NOW }, { draft, ...period });

  const pair = ['admin', 'finance'];
  const hold = (roles: string[]) => ({ outcome: 'hold', approvers: 1, roles });
  /** The roles as the policy names them: finance first. */
  const financeOrAdmin = ['finance', 'admin'];

  describe('the dry run of a draft policy', () => {
    it('counts each outcome under the versions then in force and under the draft, exactly', async () => {
      const result = await run();
      expect(result).toMatchObject({
        from: new Date(NOW - 30 * DAY).toISOString(),
        to: new Date(NOW).toISOString(),
        // Every send of the period in any state; the old one and the console action are not read.
        entries: 11,
        versions: [1, 2],
        then: { send: 6, hold: 5, escalate: 0, refuse: 0 },
        draft: { send: 2, hold: 9, escalate: 0, refuse: 0 },
        unknown_initiators: 1,
        book_read_at: new Date(NOW).toISOString(),
      });
    });

    it('lists exactly the sends whose outcome the lower threshold changes, with the rules of both', async () => {
      const { changed } = await run();
      expect(changed.total).toBe(4);
      expect(changed.items.map((item) => item.journal_id)).toEqual(
        ['before-v1', 'usd-800-v1', 'usd-700-unstamped', 'usd-300-v2'].map((n) => ids.get(n)),
      );
      const [first] = changed.items;
      expect(first).toEqual({
        journal_id: ids.get('before-v1'),
        operation: 'createInternalTransfer',
        created_at: new Date(NOW - 25 * DAY).toISOString(),
        operator: 'finance',
        asset: 'USD',
        amount: '700',
        then: {
          outcome: 'send',
          version: 1,
          rule: 'createInternalTransfer-1',
          rule_words: 'Internal transfers of USD at most 1,000 go out at once',
        },
        draft: {
          ...hold(financeOrAdmin),
          rule: 'createInternalTransfer-3',
          rule_words:
            'Internal transfers of USD, EUR, SGD, BTC, ETH, PAXG, BCH, LTC, USDP, LINK, MATIC, AAVE or UNI need 1 approver from finance or admin',
        },
      });
      expect(
        changed.items.map((item) => [item.then.version, item.then.outcome, item.draft.outcome]),
      ).toEqual([
        [1, 'send', 'hold'],
        [1, 'send', 'hold'],
        [1, 'send', 'hold'],
        [2, 'send', 'hold'],
      ]);
      expect(changed.items[3]!.then.rule_words).toBe(
        'Internal transfers of USD at most 500 go out at once',
      );
    });

    it('counts the approvals asked of each set of roles: a hold from finance or admin counts once for the pair', async () => {
      const { approvals } = await run();
      // Then: the transfers of BTC, of 2 000 and of 800 under version 2 from finance or admin; the
      // order of 6 000 from finance; the fiat account update from support or admin (built-in).
      // The draft adds the four transfers it holds to the pair.
      expect(approvals).toEqual({
        then: [
          { roles: pair, approvals: 3 },
          { roles: ['admin', 'support'], approvals: 1 },
          { roles: ['finance'], approvals: 1 },
        ],
        draft: [
          { roles: pair, approvals: 7 },
          { roles: ['admin', 'support'], approvals: 1 },
          { roles: ['finance'], approvals: 1 },
        ],
      });
    });

    it('decides each send by its own version: the same draft over only version 2’s sends changes one', async () => {
      const result = await run(DRAFT, { from: new Date(V2_AT), to: new Date(NOW) });
      expect(result.entries).toBe(5);
      expect(result.versions).toEqual([2]);
      expect(result.changed.items.map((item) => item.journal_id)).toEqual([ids.get('usd-300-v2')]);
    });

    it('takes `from` inclusive and `to` exclusive', async () => {
      const at = NOW - 15 * DAY;
      expect((await run(DRAFT, { from: new Date(at), to: new Date(at + 1) })).entries).toBe(5);
      expect((await run(DRAFT, { from: new Date(at + 1), to: new Date(NOW) })).entries).toBe(5);
      expect((await run(DRAFT, { from: new Date(at - DAY), to: new Date(at) })).entries).toBe(0);
    });

    it('reads a format-2 draft as the legacy draft of the same meaning', async () => {
      const legacy = await run(DRAFT);
      const v2 = await run(legacyToDocument(DRAFT));
      expect(v2).toEqual(legacy);
    });

    it('finds nothing changed for a draft equal to the version in force over its own sends', async () => {
      const result = await run(V2, { from: new Date(V2_AT), to: new Date(NOW) });
      expect(result.changed).toEqual({ total: 0, items: [] });
      expect(result.draft).toEqual(result.then);
    });

    it('takes an initiator’s role from the users file, then single sign-on; one known in neither is a viewer', async () => {
      const sso = createSsoOperatorStore(h.db);
      await sso.signedIn({
        identity: 'sso:jane',
        issuer: 'https://id.example',
        subject: 'jane',
        display_name: 'Jane',
        role: 'finance',
      });
      await h.db.query(
        `insert into journal_entries (id, operation, operator, operator_name, state, method,
           request_path, request_body, body_sha256, request_id, created_at, updated_at)
         values ($1, 'createInternalTransfer', 'sso:jane', 'Jane', 'SUCCEEDED', 'POST', '/x', $2,
           'sha', 'req', $3::timestamptz, $3::timestamptz)`,
        [randomUUID(), JSON.stringify(transfer('5')), new Date(NOW - DAY).toISOString()],
      );
      const viewersRefused = {
        format: 2,
        rules: [
          {
            id: 'viewers',
            operations: 'any',
            assets: 'any',
            initiator_roles: ['viewer'],
            action: { kind: 'refuse', reason: 'A viewer sends nothing' },
          },
        ],
        default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
      };
      const deps = { db: h.db, store, directory: h.deps.directory, now: () => NOW };
      const withSso = await dryRun({ ...deps, ssoOperators: sso }, { draft: viewersRefused });
      expect(withSso).toMatchObject({ unknown_initiators: 1, draft: { refuse: 1, hold: 11 } });
      const without = await dryRun(deps, { draft: viewersRefused });
      expect(without).toMatchObject({ unknown_initiators: 2, draft: { refuse: 2, hold: 10 } });
    });

    it('walks the journal page by page: a period of more than a page reads every send once', async () => {
      const rows = PAGE_ROWS * 2 + 7;
      await h.db.query(
        `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
           request_path, request_body, body_sha256, request_id, created_at, updated_at, policy_version)
         select gen_random_uuid()::text, 'createInternalTransfer', 'finance', 'Finance', null,
           'SUCCEEDED', 'POST', '/x', $1, 'sha', 'req', $2::timestamptz, $2::timestamptz, 2
         from generate_series(1, $3::int)`,
        [JSON.stringify(transfer('300')), new Date(NOW - 3 * DAY).toISOString(), rows],
      );
      const result = await run();
      expect(result.entries).toBe(11 + rows);
      expect(result.changed.total).toBe(4 + rows);
      // Listed up to 500, counted in full.
      expect(result.changed.items).toHaveLength(500);
    });

    it('says there is nothing to compare with when no version exists, or one cannot be read', async () => {
      const deps = { db: h.db, directory: h.deps.directory, now: () => NOW };
      await expect(
        dryRun({ ...deps, store: { list: async () => [] } }, { draft: DRAFT }),
      ).rejects.toBeInstanceOf(NoVersion);
      const [version] = await store.list();
      const broken = {
        ...version!,
        document: { operations: { createOrder: { required: 'yes' } } },
      };
      await expect(
        dryRun({ ...deps, store: { list: async () => [broken] } }, { draft: DRAFT }),
      ).rejects.toThrow(VersionUnreadable);
    });

    it.each([
      [
        'a legacy draft',
        { operations: { createOrder: { required: true, two_above: { USD: '1' } } } },
        'draft.operations.createOrder.two_above',
      ],
      [
        'a format-2 draft',
        {
          format: 2,
          rules: [{ id: 'r-1', operations: 'any', assets: 'any', action: { kind: 'send' } }],
          default_rule: { kind: 'send' },
        },
        'draft.default_rule.kind',
      ],
    ])('names the member of %s the policy cannot take', async (_, draft, member) => {
      const error = await run(draft).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DraftError);
      expect((error as DraftError).problems.map((p) => p.path)).toContain(member);
    });
  });

  describe('POST /api/policy/dry-run', () => {
    it.each(['admin', 'finance', 'auditor'] as const)(
      'answers %s the dry run and touches nothing: journal, versions and service alike',
      async (role) => {
        const before = await fingerprint(h.db);
        const cookie = role === 'auditor' ? await h.signIn('auditor') : h.cookies[role];
        const res = await h.post('/api/policy/dry-run', cookie, { draft: DRAFT });
        expect(res.status).toBe(200);
        const body = (await res.json()) as PolicyDryRun;
        expect(body).toMatchObject({ entries: 11, changed: { total: 4 } });
        // The route's clock is the app's: the default period ends now.
        expect(body.to).toBe(new Date(NOW).toISOString());
        expect(await fingerprint(h.db)).toEqual(before);
        expect(requests).toEqual([]);
      },
    );

    it('takes the period given', async () => {
      const res = await h.post('/api/policy/dry-run', h.cookies.admin, {
        draft: DRAFT,
        from: new Date(V2_AT).toISOString(),
        to: new Date(NOW).toISOString(),
      });
      expect(((await res.json()) as PolicyDryRun).entries).toBe(5);
    });

    it.each([
      [
        { draft: { operations: { createOrder: { required: 'yes' } } } },
        'draft.operations.createOrder.required',
      ],
      [{ draft: [] }, 'draft'],
      [{ draft: DRAFT, from: 'yesterday' }, 'from'],
      [{ draft: DRAFT, from: '2026-11-20T00:00:00Z', to: '2026-11-10T00:00:00Z' }, 'to'],
    ])('answers 400 naming the member of a bad request (%#)', async (body, member) => {
      const res = await h.post('/api/policy/dry-run', h.cookies.admin, body);
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { errors: { path: string }[] };
      expect(problem.errors.map((e) => e.path)).toContain(member);
    });

    it.each(['support', 'viewer'] as const)('refuses %s with 403', async (role) => {
      const res = await h.post('/api/policy/dry-run', h.cookies[role], { draft: DRAFT });
      expect(res.status).toBe(403);
    });
  });
});
