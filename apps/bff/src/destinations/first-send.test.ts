import {
  exampleInput,
  type DestinationTarget,
  type AllowedDestination,
  type DestinationBook,
  type DestinationRule,
} from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient } from '../../test/harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { buildPolicy } from '../approvals/policy';
import type { Queryable, SqlParam } from '../db/db';
import { SENDING_OPERATIONS, sentBefore } from './first-send';

const START = Date.UTC(2026, 10, 27, 9, 0, 0);

/** Svc transfers go only to the book; internal transfers anywhere; no approvals. */
const policy = buildPolicy({
  operations: {
    createSvcTransfer: { required: false, destinations: { '*': 'book' } },
    createInternalTransfer: { required: false, destinations: { USD: 'book', '*': 'any' } },
    createOrchestration: { required: false },
  },
  destination_book: { test_amounts: { USD: '2.50', '*': '0.5' } },
});

const svc = exampleInput('createSvcTransfer');
const profileId = svc.to_profile_id as string;
const counterparty = { kind: 'counterparty-profile', profile_id: profileId };

type App = Awaited<ReturnType<typeof approvalApp>>;

describe('the first send to an entry of the book, known from the journal', () => {
  let h: App;
  let answer: (request: SendRequest) => UpstreamOutcome;
  beforeEach(async () => {
    answer = echoSuccess;
    const scripted = scriptedClient((request) => answer(request));
    h = await approvalApp({ client: scripted.client, start: START, policy });
  });
  const entryOf = async (name: string): Promise<AllowedDestination> => {
    const res = await h.get('/api/destinations', h.cookies.finance);
    expect(res.status).toBe(200);
    const book = (await res.json()) as DestinationBook;
    return book.items.find((e) => e.name === name)!;
  };

  it('an entry nothing was sent to yet is a first send, and one a send SUCCEEDED to is not', async () => {
    await h.addDestination(counterparty, { name: 'Acme first' });
    expect((await entryOf('Acme first')).sent_before).toBe(false);
    const sent = await h.submit('createSvcTransfer', { ...svc, amount: '1.00' });
    expect(sent.journal.state).toBe('SUCCEEDED');
    expect((await entryOf('Acme first')).sent_before).toBe(true);
  });

  it('a send the service refused is no earlier send: the next is still the first', async () => {
    await h.addDestination(counterparty, { name: 'Acme refused' });
    answer = () => ({
      kind: 'answered',
      status: 422,
      body: { message: 'Refused' },
      attempts: 1,
      retried: false,
    });
    const refused = await h.submit('createSvcTransfer', { ...svc, amount: '1.00' });
    expect(refused.journal.state).toBe('REJECTED');
    expect((await entryOf('Acme refused')).sent_before).toBe(false);
  });

  it('a send to the same id as another kind of destination (an own profile) is not a send to this entry', async () => {
    await h.addDestination(counterparty, { name: 'Counterparty same id' });
    const sent = await h.submit('createInternalTransfer', {
      ...exampleInput('createInternalTransfer'),
      to_profile_id: profileId,
      asset: 'EUR',
      amount: '1.00',
    });
    expect(sent.journal.state).toBe('SUCCEEDED');
    expect((await entryOf('Counterparty same id')).sent_before).toBe(false);
  });

  it('a revoked entry says nothing of earlier sends: it is offered for no send', async () => {
    const { id } = await h.addDestination(counterparty, { name: 'Acme revoked' });
    await h.post(`/api/destinations/${id}/revoke`, h.cookies.admin, { reason: 'Closed' });
    expect((await entryOf('Acme revoked')).sent_before).toBeUndefined();
  });
});

describe('GET /api/destinations/rule', () => {
  let h: App;
  beforeEach(async () => {
    h = await approvalApp({ client: scriptedClient(echoSuccess).client, start: START, policy });
  });
  const rule = async (query: string) => {
    const res = await h.get(`/api/destinations/rule?${query}`, h.cookies.viewer);
    return { status: res.status, body: (await res.json()) as DestinationRule };
  };

  it.each([
    ['operation=createSvcTransfer&asset=USD', { required: true, test_amount: '2.50' }],
    ['operation=createSvcTransfer&asset=BTC', { required: true, test_amount: '0.0001' }],
    ['operation=createSvcTransfer&asset=DOGE', { required: true, test_amount: '0.5' }],
    ['operation=createInternalTransfer&asset=USD', { required: true, test_amount: '2.50' }],
    ['operation=createInternalTransfer&asset=EUR', { required: false, test_amount: '1.00' }],
    ['operation=createInternalTransfer', { required: true, test_amount: null }],
    ['operation=createOrchestration&asset=ETH', { required: false, test_amount: '0.001' }],
  ])('%s answers %o', async (query, expected) => {
    expect(await rule(query)).toEqual({ status: 200, body: expected });
  });

  it.each(['operation=createOrder', 'operation=nothing', 'asset=USD'])(
    '%s is refused: only a write that sends to a destination has a rule',
    async (query) => {
      expect((await rule(query)).status).toBe(400);
    },
  );
});

describe('SENDING_OPERATIONS', () => {
  it('are the writes that move money to a destination, not a rule that only names one', () => {
    expect([...SENDING_OPERATIONS].sort()).toEqual([
      'createInternalTransfer',
      'createOrchestration',
      'createSvcTransfer',
    ]);
  });
});

describe('sentBefore, over the rows the database gives', () => {
  /** A database that answers `rows` and keeps what it was asked. */
  function fakeDb(rows: { operation: string; request_body: string }[]) {
    const asked: unknown[][] = [];
    const q: Queryable = {
      query: async <T>(_sql: string, params: readonly SqlParam[] = []) => {
        asked.push([...params]);
        return rows as T[];
      },
      exec: async () => undefined,
    };
    return { q, asked };
  }
  const svcTo = (id: string) => JSON.stringify({ ...svc, to_profile_id: id, amount: '1.00' });

  it('asks nothing for no destinations', async () => {
    const { q, asked } = fakeDb([]);
    expect([...(await sentBefore(q, []))]).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('narrows by each destination’s id once, its LIKE wildcards taken literally, over the sending writes', async () => {
    const { q, asked } = fakeDb([]);
    await sentBefore(q, [
      { kind: 'counterparty-profile', profile_id: 'p_1%' },
      { kind: 'own-profile', profile_id: 'p_1%' },
      { kind: 'fiat-account', fiat_account_id: 'fa\\2' },
      { kind: 'crypto-address', network: 'ETHEREUM', address: '0xabc' },
    ]);
    expect(asked).toEqual([[SENDING_OPERATIONS, ['%p\\_1\\%%', '%fa\\\\2%', '%0xabc%']]]);
  });

  it('counts only the destinations asked for, as the body names them, and skips a body it cannot read', async () => {
    const { q } = fakeDb([
      // The LIKE matched an id that only contains the one asked for.
      { operation: 'createSvcTransfer', request_body: svcTo(`${profileId}-2`) },
      { operation: 'createSvcTransfer', request_body: 'null' },
      { operation: 'createSvcTransfer', request_body: '"a string"' },
      { operation: 'createSvcTransfer', request_body: 'not json' },
      { operation: 'createSvcTransfer', request_body: '{}' },
      {
        operation: 'createOrchestration',
        request_body: '{"destination":{"profile":{"profile_id":"own-1"}}}',
      },
    ]);
    const sent = await sentBefore(q, [
      counterparty as DestinationTarget,
      { kind: 'own-profile', profile_id: 'own-1' },
    ]);
    expect([...sent]).toEqual(['own-profile:own-1']);
  });
});

describe.each(testDatabases)('the first send, read from the journal on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => opened.close());

  it('an entry is a first send until a send to it SUCCEEDED, an id with LIKE wildcards included', async () => {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      start: START,
      policy,
      ...(database.name === 'PGlite' ? {} : { db: opened.db }),
    });
    await h.addDestination(counterparty, { name: 'Both databases' });
    const sentBeforeNow = async () =>
      (
        (await (await h.get('/api/destinations', h.cookies.finance)).json()) as DestinationBook
      ).items.find((e) => e.name === 'Both databases')!.sent_before;
    expect(await sentBeforeNow()).toBe(false);
    expect((await h.submit('createSvcTransfer', { ...svc, amount: '1.00' })).journal.state).toBe(
      'SUCCEEDED',
    );
    expect(await sentBeforeNow()).toBe(true);
    // The database's own LIKE with escaped wildcards: an id of `_` and `%` matches only itself.
    expect([
      ...(await sentBefore(h.deps.destinations.db, [
        { kind: 'counterparty-profile', profile_id: '%' },
        { kind: 'counterparty-profile', profile_id: '_' },
      ])),
    ]).toEqual([]);
  });
});
