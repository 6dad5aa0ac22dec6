import { randomUUID } from 'node:crypto';
import type { JournalEntry } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logCollector, scriptedClient, sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import { createJournalStore, type NewJournalEntry } from '../journal/journal-store';
import type { JournalOutcome } from '../journal/journal-row';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { createResolver, resolverBackoff, type ResolvedReport } from './resolver';

const transfer = (ref: string): NewJournalEntry => ({
  operation: 'createInternalTransfer',
  operator: 'finance',
  operator_name: 'Fin',
  ref_id: ref,
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: JSON.stringify({
    from_profile_id: 'p-1',
    to_profile_id: 'p-2',
    amount: '1.50',
    asset: 'USD',
    ref_id: ref,
  }),
  request_id: 'req-1',
});
const fiatUpdate: NewJournalEntry = {
  operation: 'updateFiatAccount',
  operator: 'support',
  operator_name: 'Sup',
  ref_id: null,
  method: 'PUT',
  request_path: '/v2/transfer/fiat-accounts/fa-1',
  request_body: JSON.stringify({ metadata: { ticket: 'SUP-1' } }),
  request_id: 'req-1',
};
const unknown: JournalOutcome = {
  state: 'UNKNOWN',
  attempts: 1,
  response_status: null,
  response: null,
  error: 'timeout',
};
const answered = (status: number, body: unknown): UpstreamOutcome => ({
  kind: 'answered',
  status,
  body,
  text: JSON.stringify(body),
  attempts: 1,
  retried: false,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}
const refOf = (request: SendRequest) =>
  request.method === 'GET'
    ? new URL(`http://x${request.path}`).searchParams.get('ref_ids')
    : (JSON.parse(request.body) as { ref_id: string }).ref_id;

/**
 * The service as the resolver meets it: transfers it holds (by ref_id) are read back; a POST of
 * one it does not hold creates it; a POST of one it holds answers 409 with it.
 */
function service(held: Set<string>) {
  return scriptedClient((request) => {
    const ref = refOf(request)!;
    const record = { id: `t-${ref}`, ref_id: ref, from_profile_id: 'p-1', to_profile_id: 'p-2' };
    const full = { ...record, amount: '1.50', asset: 'USD', type: 'INTERNAL_TRANSFER_DEBIT' };
    if (request.method === 'GET') return answered(200, { items: held.has(ref) ? [full] : [] });
    if (held.has(ref)) {
      return answered(409, {
        type: 'https://svc.example/problems/already-exists',
        status: 409,
        meta: { existing: full },
      });
    }
    held.add(ref);
    return answered(200, full);
  });
}

describe('the resolver', () => {
  let db: Db;
  const store = (name: string, leaseMs = 60_000) =>
    createJournalStore(db, undefined, { owner: `${name}/${randomUUID()}`, leaseMs });
  const resolverOf = (
    journal: ReturnType<typeof store>,
    client: ReturnType<typeof scriptedClient>['client'],
    extra: Partial<Parameters<typeof createResolver>[1]> = {},
  ) =>
    createResolver(
      { journal, client, timeoutMs: 1_000 },
      {
        intervalMs: 60_000,
        backoff: resolverBackoff(200),
        logger: logCollector().logger,
        ...extra,
      },
    );

  beforeAll(async () => {
    db = await sharedDb();
  });
  beforeEach(async () => {
    await db.exec('delete from journal_entries');
  });

  it('takes only entries nobody holds, oldest first, and leaves live sends alone', async () => {
    const live = store('live');
    const dead = store('dead', 1);
    const held = new Set<string>(['a']);
    const stopped = await dead.create(transfer('a'));
    const sending = await live.create(transfer('b'));
    const open = await live.create(transfer('c'));
    await live.recordOutcome(open.id, unknown);
    await live.create(transfer('d'), 'SUCCEEDED');
    await sleep(20);
    const { client, requests } = service(held);
    const reports = await resolverOf(store('r'), client).lookNow();
    expect(reports.map((r) => [r.entry.id, r.previousState, r.entry.state])).toEqual([
      [stopped.id, 'SENDING', 'SUCCEEDED'],
      [open.id, 'UNKNOWN', 'SUCCEEDED'],
    ]);
    expect(reports.map((r) => r.takenOver)).toEqual([true, false]);
    // 'a' reached the service before its process stopped: read back, not sent again. 'c' had
    // not: read back (absent), then its same bytes sent once.
    expect(requests.map((r) => [r.method, refOf(r)])).toEqual([
      ['GET', 'a'],
      ['GET', 'c'],
      ['POST', 'c'],
    ]);
    expect((await live.get(sending.id))?.state).toBe('SENDING');
  });

  it('never sends an Update Fiat Account again: the account read back decides, or an operator', async () => {
    const dead = store('dead', 1);
    const left = await dead.create(fiatUpdate);
    await sleep(20);
    const { client, requests } = scriptedClient(() =>
      answered(200, { id: 'fa-1', metadata: { ticket: 'SUP-0' } }),
    );
    const [report] = await resolverOf(store('r'), client).lookNow();
    expect(report!.entry).toMatchObject({ id: left.id, state: 'UNKNOWN', attempts: 0 });
    expect(report!.entry.error).toMatch(/not sent again/);
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('hands an APPROVED entry nobody holds to the approvals, once', async () => {
    const journal = store('r');
    const approved = await store('gone').create(transfer('x'), 'APPROVED');
    const given: JournalEntry[] = [];
    const resolver = resolverOf(journal, service(new Set()).client, {
      sendApproved: async (entry) => {
        given.push(entry);
        return (await journal.claim(entry.id, ['APPROVED'], 'r'))!;
      },
    });
    await resolver.lookNow();
    await resolver.lookNow();
    expect(given.map((e) => [e.id, e.state])).toEqual([[approved.id, 'APPROVED']]);
  });

  it('leaves an entry it could not settle alone until its backoff has passed', async () => {
    const journal = store('r');
    const open = await journal.create(transfer('u'));
    await journal.recordOutcome(open.id, unknown);
    const { client, requests } = scriptedClient(() => answered(503, {}));
    const resolver = resolverOf(journal, client);
    expect((await resolver.lookNow()).map((r) => r.entry.state)).toEqual(['UNKNOWN']);
    const sent = requests.length;
    expect(await resolver.lookNow()).toEqual([]);
    expect(requests).toHaveLength(sent);
    await sleep(250);
    expect((await resolver.lookNow()).map((r) => r.entry.state)).toEqual(['UNKNOWN']);
  });

  it('takes at most `batch` entries a look; an entry taken meanwhile is skipped, not fatal', async () => {
    const journal = store('r');
    const held = new Set<string>();
    const ids: string[] = [];
    for (const ref of ['b1', 'b2', 'b3']) {
      const created = await journal.create(transfer(ref));
      await journal.recordOutcome(created.id, unknown);
      ids.push(created.id);
    }
    const { client } = service(held);
    expect(await resolverOf(journal, client, { batch: 1 }).lookNow()).toHaveLength(1);
    // Another process takes b2 between the list and the claim: the look goes on to b3.
    const other = store('other');
    const racing = {
      ...journal,
      leases: {
        ...journal.leases,
        due: async (limit: number) => {
          const due = await journal.leases.due(limit);
          await other.leases.claimForResolve(ids[1]!, 'r-other', resolverBackoff(200));
          return due;
        },
      },
    };
    const reports = await resolverOf(racing, client).lookNow();
    expect(reports.map((r) => r.entry.id)).toEqual([ids[2]]);
  });

  it('counts no takeover for an entry this process held itself (a restart of the same id)', async () => {
    const journal = store('self', 1);
    await journal.create(transfer('s1'));
    await sleep(20);
    const [report] = await resolverOf(journal, service(new Set()).client).lookNow();
    expect(report).toMatchObject({ previousState: 'SENDING', takenOver: false });
  });

  it('without the approvals, leaves an APPROVED entry alone and free for another look', async () => {
    const journal = store('r');
    const approved = await store('gone').create(transfer('a1'), 'APPROVED');
    const { client, requests } = service(new Set());
    const { lines, logger } = logCollector();
    expect(await resolverOf(journal, client, { logger }).lookNow()).toEqual([]);
    expect(requests).toEqual([]);
    expect((await journal.get(approved.id))?.state).toBe('APPROVED');
    expect(await journal.leases.due(10)).toEqual([{ id: approved.id, state: 'APPROVED' }]);
    // Waiting for an approvals module is the expected case, not a failure to page anyone for.
    expect(lines.filter((l) => l.includes('resolver could not settle'))).toEqual([]);
  });

  it('looks at nothing once its process is shutting down', async () => {
    const journal = store('r');
    const open = await journal.create(transfer('z1'));
    await journal.recordOutcome(open.id, unknown);
    const shutdown = new AbortController();
    shutdown.abort();
    const { client, requests } = service(new Set());
    const resolver = createResolver(
      { journal, client, timeoutMs: 1_000, signal: shutdown.signal },
      { intervalMs: 60_000, backoff: resolverBackoff(200), logger: logCollector().logger },
    );
    expect(await resolver.lookNow()).toEqual([]);
    expect(requests).toEqual([]);
    const stopped = resolverOf(journal, client);
    await stopped.stop();
    expect(await stopped.lookNow()).toEqual([]);
    expect((await journal.get(open.id))?.state).toBe('UNKNOWN');
  });

  it('logs what it did with each entry, by ids and states only', async () => {
    const journal = store('dead', 1);
    const left = await journal.create(transfer('l1'));
    await sleep(20);
    const { lines, logger } = logCollector();
    const resolver = createResolver(
      { journal: store('r'), client: service(new Set(['l1'])).client, timeoutMs: 1_000 },
      { intervalMs: 60_000, backoff: resolverBackoff(200), logger },
    );
    await resolver.lookNow();
    const line = JSON.parse(lines.find((l) => l.includes('resolver settled an entry'))!) as object;
    expect(line).toMatchObject({
      journal_id: left.id,
      operation: 'createInternalTransfer',
      ref_id: 'l1',
      was: 'SENDING',
      taken_over: true,
      state: 'SUCCEEDED',
      read_back: 'found',
    });
  });

  it('lets go of an entry it could not settle, logs why and goes on to the next', async () => {
    const dead = store('dead', 1);
    const broken = await dead.create(transfer('x0'));
    const fine = await dead.create(transfer('x1'));
    await sleep(20);
    const journal = store('r');
    // Recording the outcome of one entry fails (the database refused it): that entry only.
    const failing = {
      ...journal,
      recordOutcome: (id: string, outcome: JournalOutcome) =>
        id === broken.id
          ? Promise.reject(new Error('could not write'))
          : journal.recordOutcome(id, outcome),
    };
    const { lines, logger } = logCollector();
    const resolver = createResolver(
      { journal: failing, client: service(new Set(['x0', 'x1'])).client, timeoutMs: 1_000 },
      { intervalMs: 60_000, backoff: resolverBackoff(200), logger },
    );
    const reports = await resolver.lookNow();
    expect(reports.map((r) => r.entry.id)).toEqual([fine.id]);
    const failed = lines.find((l) => l.includes('resolver could not settle an entry'))!;
    expect(JSON.parse(failed)).toMatchObject({ journal_id: broken.id });
    expect(journal.leases.heldIds()).toEqual([]);
    expect(await journal.leases.due(10)).toEqual([{ id: broken.id, state: 'SENDING' }]);
  });

  it('never sends again the entry of an operation the console no longer knows: UNKNOWN, saying why', async () => {
    const dead = store('dead', 1);
    const retired = await dead.create({ ...transfer('x2'), operation: 'retiredOperation' });
    await sleep(20);
    const { client, requests } = service(new Set());
    const [report] = await resolverOf(store('r'), client).lookNow();
    expect(report!.entry).toMatchObject({ id: retired.id, state: 'UNKNOWN', attempts: 0 });
    expect(report!.entry.error).toBe(
      'not sent again: retiredOperation is not an operation this console knows',
    );
    expect(requests).toEqual([]);
  });

  it('once started, looks again every interval until stopped', async () => {
    const journal = store('r');
    const { client, requests } = scriptedClient(() => answered(503, {}));
    const open = await journal.create(transfer('t1'));
    await journal.recordOutcome(open.id, unknown);
    const resolver = createResolver(
      { journal, client, timeoutMs: 1_000 },
      { intervalMs: 50, backoff: { baseMs: 50, maxMs: 50 }, logger: logCollector().logger },
    );
    const first = await resolver.start();
    expect(first.map((r) => r.entry.id)).toEqual([open.id]);
    await until(async () => (requests.length >= 3 ? true : undefined));
    await resolver.stop();
    const after = requests.length;
    await sleep(300);
    expect(requests).toHaveLength(after);
  });

  it('stopped during a look, looks no more once that look has finished: the database is left alone', async () => {
    const journal = store('r');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = () => {};
    const inFlight = new Promise<void>((resolve) => (sent = resolve));
    // A request of the first look waits until the test lets it go: stop() meets a look under way.
    const { client } = scriptedClient(async (_request, index) => {
      if (index === 0) {
        sent();
        await held;
      }
      return answered(503, {});
    });
    const open = await journal.create(transfer('t1'));
    await journal.recordOutcome(open.id, unknown);
    // At shutdown the database closes after the resolver stops: a look after that would fail.
    let looks = 0;
    const counted = {
      ...journal,
      leases: {
        ...journal.leases,
        due: (n: number) => {
          looks += 1;
          return journal.leases.due(n);
        },
      },
    };
    const resolver = resolverOf(counted, client, {
      intervalMs: 20,
      backoff: { baseMs: 20, maxMs: 20 },
    });
    const first = resolver.start();
    await inFlight;
    const stopping = resolver.stop();
    release();
    await stopping;
    expect((await first).map((r) => r.entry.id)).toEqual([open.id]);
    expect(looks).toBe(1);
    // Fifteen intervals later: no look was scheduled after the one under way.
    await sleep(300);
    expect(looks).toBe(1);
  });

  it('logs a look that failed as a whole and looks again next time', async () => {
    const journal = store('r');
    const open = await journal.create(transfer('f1'));
    await journal.recordOutcome(open.id, unknown);
    let failures = 1;
    const flaky = {
      ...journal,
      leases: {
        ...journal.leases,
        due: (batch: number) => {
          if (failures-- > 0) return Promise.reject(new Error('connection reset'));
          return journal.leases.due(batch);
        },
      },
    };
    const { lines, logger } = logCollector();
    const resolver = resolverOf(flaky, service(new Set(['f1'])).client, { logger });
    expect(await resolver.lookNow()).toEqual([]);
    const failed = lines.find((l) => l.includes('resolver look failed'));
    expect(JSON.parse(failed!)).toMatchObject({ level: 40, err: { message: 'connection reset' } });
    const [report] = await resolver.lookNow();
    expect(report?.entry).toMatchObject({ id: open.id, state: 'SUCCEEDED' });
  });

  it('two resolvers racing over 50 UNKNOWN entries: each settled once, each sent at most once', async () => {
    const writer = store('writer');
    const held = new Set<string>();
    const refs = Array.from({ length: 50 }, (_, i) => `race-${i}`);
    for (const [i, ref] of refs.entries()) {
      const created = await writer.create(transfer(ref));
      await writer.recordOutcome(created.id, unknown);
      // Half of them reached the service before their answer was lost.
      if (i % 2 === 0) held.add(ref);
    }
    const one = service(held);
    const two = service(held);
    const reports: ResolvedReport[][] = await Promise.all([
      resolverOf(store('one'), one.client).lookNow(),
      resolverOf(store('two'), two.client).lookNow(),
    ]);
    const settled = reports.flat().map((r) => r.entry.id);
    expect(settled).toHaveLength(50);
    expect(new Set(settled).size).toBe(50);
    const posts = [...one.requests, ...two.requests].filter((r) => r.method === 'POST');
    const perRef = new Map<string, number>();
    for (const post of posts) perRef.set(refOf(post)!, (perRef.get(refOf(post)!) ?? 0) + 1);
    expect([...perRef.values()].every((n) => n === 1)).toBe(true);
    // Only the 25 that never arrived were sent; the others were read back.
    expect(perRef.size).toBe(25);
    expect(held.size).toBe(50);
    const states = await db.query<{ state: string }>('select distinct state from journal_entries');
    expect(states).toEqual([{ state: 'SUCCEEDED' }]);
  });
});
