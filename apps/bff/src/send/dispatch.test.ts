import type { JournalEntry } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedClient, sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import {
  createJournalStore,
  type JournalOutcome,
  type JournalStore,
  type NewJournalEntry,
} from '../journal/journal-store';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { ServiceBudgetError } from '../upstream/service-budget';
import { TokenError } from '../upstream/tokens';
import { dataOf, dispatch, type DispatchDeps } from './dispatch';

import {
  TIMEOUT_MS,
  TRANSFER_BODY,
  transferEntry,
  TRANSFER_RECORD,
  ORDER_BODY,
  orderEntry,
  cancelEntry,
  ruleEntry,
  stored,
  answered,
  alreadyExists,
} from '../../test/dispatch-fixtures';

describe('dispatch: sending a journaled entry and recording its outcome', () => {
  let db: Db;
  let journal: JournalStore;
  beforeAll(async () => {
    db = await sharedDb();
  });
  beforeEach(async () => {
    await db.exec('delete from journal_entries');
    journal = createJournalStore(db);
  });

  /** Journals the entry, then dispatches it against a service that answers with `answers`. */
  async function send(
    newEntry: NewJournalEntry,
    answers: (request: SendRequest, index: number) => UpstreamOutcome | Promise<UpstreamOutcome>,
    options: { resolving?: boolean; signal?: AbortSignal; observe?: DispatchDeps['observe'] } = {},
  ) {
    const entry = await journal.create(newEntry);
    const { client, requests } = scriptedClient(answers);
    const result = await dispatch(
      {
        journal,
        client,
        timeoutMs: TIMEOUT_MS,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.observe ? { observe: options.observe } : {}),
      },
      entry,
      { resolving: options.resolving ?? false, requestId: 'req-9' },
    );
    return { entry, result, requests, stored: await journal.get(entry.id) };
  }

  it('sends the stored bytes to the stored path with the operation’s scope', async () => {
    const {
      result,
      requests,
      stored: after,
    } = await send(transferEntry, () => answered(200, TRANSFER_RECORD));
    expect(requests).toStrictEqual([
      {
        method: 'POST',
        path: '/v2/transfer/internal',
        body: transferEntry.request_body,
        scope: 'transfer:write_internal_transfer',
        timeoutMs: TIMEOUT_MS,
        requestId: 'req-9',
      },
    ]);
    expect(after).toMatchObject({
      state: 'SUCCEEDED',
      attempts: 1,
      response_status: 200,
      response: TRANSFER_RECORD,
    });
    expect(result).toStrictEqual({ entry: after, data: TRANSFER_RECORD });
  });

  it('passes the shutdown signal on, so that waiting stops', async () => {
    const signal = new AbortController().signal;
    const { requests } = await send(transferEntry, () => answered(200, TRANSFER_RECORD), {
      signal,
    });
    expect(requests[0]?.signal).toBe(signal);
  });

  it.each<[string, NewJournalEntry, number]>([
    [
      'createOrder’s await_fill_millis extends the timeout',
      orderEntry({ ...ORDER_BODY, await_fill_millis: 1500 }),
      TIMEOUT_MS + 1500,
    ],
    ['a createOrder without await_fill_millis keeps the timeout', orderEntry(), TIMEOUT_MS],
    [
      'a zero wait keeps the timeout',
      orderEntry({ ...ORDER_BODY, await_fill_millis: 0 }),
      TIMEOUT_MS,
    ],
    [
      'a negative wait keeps the timeout',
      orderEntry({ ...ORDER_BODY, await_fill_millis: -500 }),
      TIMEOUT_MS,
    ],
    [
      'a wait given as text keeps the timeout',
      orderEntry({ ...ORDER_BODY, await_fill_millis: '1500' }),
      TIMEOUT_MS,
    ],
    [
      'an unreadable stored body keeps the timeout',
      { ...orderEntry(), request_body: '{not json' },
      TIMEOUT_MS,
    ],
    [
      'another operation’s await_fill_millis does not extend it',
      {
        ...transferEntry,
        request_body: JSON.stringify({ ...TRANSFER_BODY, await_fill_millis: 1500 }),
      },
      TIMEOUT_MS,
    ],
  ])('%s', async (_, entry, timeoutMs) => {
    const { requests } = await send(entry, () => answered(200, {}));
    expect(requests[0]?.timeoutMs).toBe(timeoutMs);
  });

  it('records a send that never left (no token) as not sent, and says why', async () => {
    const tokenError = new TokenError('ERR_TOKEN_INVALID_CLIENT', 'Token endpoint refused', {
      scope: 'transfer:write_internal_transfer',
      clientId: 'console',
    });
    const { result, stored: after } = await send(transferEntry, () => {
      throw tokenError;
    });
    expect(after).toMatchObject({
      state: 'REJECTED',
      attempts: 0,
      response_status: null,
      response: null,
      error: 'not sent: Token endpoint refused',
    });
    expect(result).toStrictEqual({ entry: after, notSent: 'not sent: Token endpoint refused' });
  });

  it('records a send the service budget had no room for as not sent, saying why and when', async () => {
    const { result, stored: after } = await send(transferEntry, () => {
      throw new ServiceBudgetError('/v2/transfer/internal', 2_500);
    });
    const notSent =
      "not sent: the console's budget of requests to /v2/transfer/internal is spent (it stays below the service's rate limit); room again in 3 s";
    expect(after).toMatchObject({ state: 'REJECTED', attempts: 0, error: notSent });
    expect(result).toStrictEqual({ entry: after, notSent, retryAfterMs: 2_500 });
  });

  it('leaves a resend that never left UNKNOWN, to be looked at again: an earlier attempt may have landed', async () => {
    for (const refusal of [
      new ServiceBudgetError('/v2/transfer/internal', 2_500),
      new Error('no token'),
    ]) {
      const { stored: after } = await send(
        transferEntry,
        () => {
          throw refusal;
        },
        { resolving: true },
      );
      expect(after).toMatchObject({
        state: 'UNKNOWN',
        attempts: 0,
        error: expect.stringMatching(/^not sent: /),
      });
    }
  });

  it('answers a not-sent entry that someone else moved meanwhile with the entry it was given', async () => {
    const entry = await journal.create(transferEntry);
    const { client } = scriptedClient(async () => {
      // The entry leaves SENDING while the token request fails.
      await journal.recordOutcome(entry.id, {
        state: 'UNKNOWN',
        attempts: 1,
        response_status: null,
        response: null,
        error: 'elsewhere',
      });
      throw new Error('no token');
    });
    const result = await dispatch({ journal, client, timeoutMs: TIMEOUT_MS }, entry, {
      resolving: false,
      requestId: 'r',
    });
    expect(result).toStrictEqual({ entry, notSent: 'not sent: no token' });
  });

  it('refuses an entry of an unknown operation without sending it', async () => {
    const entry = await journal.create({ ...transferEntry, operation: 'retiredOperation' });
    const { client, requests } = scriptedClient(() => answered(200, {}));
    await expect(
      dispatch({ journal, client, timeoutMs: TIMEOUT_MS }, entry, {
        resolving: false,
        requestId: 'r',
      }),
    ).rejects.toThrow(`Journal entry ${entry.id} names an unknown operation`);
    expect(requests).toHaveLength(0);
    expect((await journal.get(entry.id))?.state).toBe('SENDING');
  });

  // Issue 16 changed this on purpose: a second outcome used to throw (a 500 for the operator).
  it('lands a final answer on an entry that another look recorded UNKNOWN meanwhile', async () => {
    const entry = await journal.create(transferEntry);
    const { client } = scriptedClient(async () => {
      await journal.recordOutcome(entry.id, {
        state: 'UNKNOWN',
        attempts: 1,
        response_status: null,
        response: null,
        error: 'elsewhere',
      });
      return answered(200, TRANSFER_RECORD);
    });
    const result = await dispatch({ journal, client, timeoutMs: TIMEOUT_MS }, entry, {
      resolving: false,
      requestId: 'r',
    });
    expect(result.entry).toMatchObject({ state: 'SUCCEEDED', attempts: 2, error: null });
    expect(result.data).toEqual(TRANSFER_RECORD);
    expect(result.entry.outcome_conflicts).toBeUndefined();
  });

  it('keeps an answer at odds with the outcome recorded meanwhile, flagged, not thrown', async () => {
    const entry = await journal.create(transferEntry);
    const { client } = scriptedClient(async () => {
      await journal.recordOutcome(entry.id, {
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        response: TRANSFER_RECORD,
        error: null,
      });
      return answered(403, { type: 'https://svc.example/problems/insufficient-funds' });
    });
    const result = await dispatch({ journal, client, timeoutMs: TIMEOUT_MS }, entry, {
      resolving: false,
      requestId: 'r',
    });
    // The entry keeps the success it had, answers with that record, and counts the refusal.
    expect(result.entry).toMatchObject({ state: 'SUCCEEDED', outcome_conflicts: 1 });
    expect(result.data).toEqual(TRANSFER_RECORD);
    const history = await db.query<{ state: string; response_status: number }>(
      'select state, response_status from journal_outcome_conflicts where journal_id = $1',
      [entry.id],
    );
    expect(history).toEqual([{ state: 'REJECTED', response_status: 403 }]);
  });

  it('an identical second outcome is nothing new: no conflict, the entry as it was', async () => {
    const entry = await journal.create(transferEntry);
    const { client } = scriptedClient(async () => {
      await journal.recordOutcome(entry.id, {
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        response: TRANSFER_RECORD,
        error: null,
      });
      return answered(200, TRANSFER_RECORD);
    });
    const before = await dispatch({ journal, client, timeoutMs: TIMEOUT_MS }, entry, {
      resolving: false,
      requestId: 'r',
    });
    expect(before.entry).toEqual(await journal.get(entry.id));
    expect(before.entry).toMatchObject({ state: 'SUCCEEDED', attempts: 1 });
    expect(before.entry.outcome_conflicts).toBeUndefined();
  });

  it('records a 500 that outlasted the retries as UNKNOWN and hands back no data', async () => {
    const {
      result,
      requests,
      stored: after,
    } = await send(cancelEntry, () => answered(500, { status: 500 }, 3));
    expect(after).toMatchObject({
      state: 'UNKNOWN',
      attempts: 3,
      response_status: 500,
      error: 'the service answered 500',
    });
    expect(result).toStrictEqual({ entry: after });
    expect(requests).toHaveLength(1); // not read back: UNKNOWN is settled by the resolver
  });

  it('records a 409 already-exists on a first attempt as REJECTED', async () => {
    const { result, stored: after } = await send(transferEntry, () =>
      alreadyExists(TRANSFER_RECORD, 1),
    );
    expect(after).toMatchObject({ state: 'REJECTED', response_status: 409 });
    expect(result).toStrictEqual({ entry: after });
  });

  it.each([
    ['another amount', { ...TRANSFER_RECORD, amount: '15.0' }],
    ['another recipient', { ...TRANSFER_RECORD, to_profile_id: 'p-3' }],
  ])(
    'records a retry’s 409 already-exists of %s as REJECTED without reading back',
    async (_, existing) => {
      const {
        result,
        requests,
        stored: after,
      } = await send(transferEntry, () => alreadyExists(existing, 2));
      expect(after).toMatchObject({ state: 'REJECTED', response_status: 409 });
      expect(result).toStrictEqual({ entry: after });
      expect(requests).toHaveLength(1);
    },
  );

  it('records a resolving 409 already-exists of the intent as SUCCEEDED with the record', async () => {
    const { result, stored: after } = await send(
      transferEntry,
      () => alreadyExists(TRANSFER_RECORD, 1),
      {
        resolving: true,
      },
    );
    expect(after).toMatchObject({
      state: 'SUCCEEDED',
      response_status: 409,
      response: TRANSFER_RECORD,
    });
    expect(result).toStrictEqual({ entry: after, data: TRANSFER_RECORD });
  });

  it('answers a second success of one intent (a DUPLICATE) with the data like the success', async () => {
    const first = await send(transferEntry, () => answered(200, TRANSFER_RECORD));
    expect(first.stored?.state).toBe('SUCCEEDED');
    const second = await send({ ...transferEntry, request_id: 'req-2' }, () =>
      alreadyExists(TRANSFER_RECORD, 2),
    );
    expect(second.stored).toMatchObject({ state: 'DUPLICATE', duplicate_of: first.entry.id });
    expect(second.result).toStrictEqual({ entry: second.stored, data: TRANSFER_RECORD });
  });

  it('tells the metrics of each send: its operation, the state recorded and the seconds it took', async () => {
    const reports: { operation: string; state: string; seconds: number }[] = [];
    await send(
      transferEntry,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        return answered(200, TRANSFER_RECORD);
      },
      { observe: (report) => reports.push(report) },
    );
    expect(reports).toEqual([
      { operation: 'createInternalTransfer', state: 'SUCCEEDED', seconds: expect.any(Number) },
    ]);
    // Seconds, not milliseconds: at least the service's 60 ms, far less than a minute.
    expect(reports[0]!.seconds).toBeGreaterThanOrEqual(0.05);
    expect(reports[0]!.seconds).toBeLessThan(60);
  });

  describe('a refused retry of an operation that can be read back', () => {
    const refusedRetry = (request: SendRequest, index: number, read: UpstreamOutcome) =>
      index === 0 ? answered(403, { status: 403, title: 'Forbidden' }, 2) : read;

    it('is resolved by reading back: an order the first attempt cancelled is a success', async () => {
      const {
        result,
        requests,
        stored: after,
      } = await send(cancelEntry, (request, index) =>
        refusedRetry(request, index, answered(200, { id: 'o-7', status: 'CANCELLED' })),
      );
      expect(requests[1]).toStrictEqual({
        method: 'GET',
        path: '/v2/profiles/p-9/orders/o-7',
        body: '',
        scope: 'exchange:read_order',
        timeoutMs: TIMEOUT_MS,
        requestId: 'req-9',
        safe: true,
      });
      expect(after).toMatchObject({
        state: 'SUCCEEDED',
        attempts: 2,
        response_status: 403,
        response: {},
        error: null,
      });
      expect(result).toStrictEqual({ entry: after, data: {} });
    });

    it('finds a transfer the first attempt made by its ref_id', async () => {
      const {
        result,
        requests,
        stored: after,
      } = await send(transferEntry, (request, index) =>
        refusedRetry(
          request,
          index,
          answered(200, { items: [{ ...TRANSFER_RECORD, type: 'INTERNAL_TRANSFER_DEBIT' }] }),
        ),
      );
      expect(requests[1]).toMatchObject({ method: 'GET', scope: 'transfer:read_transfer' });
      expect(after).toMatchObject({ state: 'SUCCEEDED', response: { id: 't-1' } });
      expect(result.data).toMatchObject({ id: 't-1', ref_id: 'ref-1' });
    });

    it('stays REJECTED when the read shows nothing of it', async () => {
      const {
        result,
        requests,
        stored: after,
      } = await send(cancelEntry, (request, index) =>
        refusedRetry(request, index, answered(200, { id: 'o-7', status: 'OPEN' })),
      );
      expect(requests).toHaveLength(2);
      expect(after).toMatchObject({
        state: 'REJECTED',
        response_status: 403,
        response: { status: 403, title: 'Forbidden' },
      });
      expect(result).toStrictEqual({ entry: after });
    });

    it.each<[string, NewJournalEntry, UpstreamOutcome, string]>([
      ['a refusal of a first attempt', cancelEntry, answered(403, { status: 403 }, 1), 'REJECTED'],
      [
        'a retry’s 409',
        cancelEntry,
        answered(409, { status: 409, type: 'conflict' }, 2),
        'REJECTED',
      ],
      ['an operation without a read', ruleEntry, answered(403, { status: 403 }, 2), 'REJECTED'],
      ['a retry that succeeded', cancelEntry, answered(200, {}, 2), 'SUCCEEDED'],
      ['a retry left UNKNOWN', cancelEntry, answered(503, { status: 503 }, 4), 'UNKNOWN'],
    ])('is not read back for %s', async (_, entry, outcome, state) => {
      const { requests, stored: after } = await send(entry, (_request, index) =>
        index === 0 ? outcome : answered(200, { id: 'o-7', status: 'CANCELLED' }),
      );
      expect(requests).toHaveLength(1);
      expect(after?.state).toBe(state);
    });
  });
});

describe('dataOf: what the operator is answered with after a send', () => {
  const recordedAs = (state: JournalEntry['state'], response: unknown): JournalEntry => ({
    ...stored(transferEntry),
    state,
    response,
  });
  const outcome = (state: JournalOutcome['state']): JournalOutcome => ({
    state,
    attempts: 1,
    response_status: 200,
    response: null,
    error: null,
  });
  const sent = { id: 't-1', status: 'PENDING' };
  const held = { id: 't-1', status: 'COMPLETED' };

  it.each<[string, JournalEntry['state'], JournalOutcome['state'], unknown]>([
    ['its outcome landed', 'SUCCEEDED', 'SUCCEEDED', sent],
    ['it landed as a DUPLICATE of the same intent', 'DUPLICATE', 'SUCCEEDED', sent],
    ['the entry holds another outcome (a refusal that came second)', 'SUCCEEDED', 'REJECTED', held],
    ['the entry holds another outcome (recorded UNKNOWN meanwhile)', 'SUCCEEDED', 'UNKNOWN', held],
  ])('when %s', (_, recorded, mine, expected) => {
    expect(dataOf(recordedAs(recorded, held), outcome(mine), sent)).toBe(expected);
  });
});
