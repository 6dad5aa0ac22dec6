/**
 * `GET /api/stream` over the change log the watcher fills from a real sandbox (issue 35): what
 * each role receives, resuming with `Last-Event-ID`, the end of the stream with its session,
 * the cap of streams per session, and whose inbox each change reaches.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_IDS, exampleInput, operations, type Inbox, type LiveMessage } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { readEventStream, type StreamMessage } from '../event-stream';
import { BROWSER_HEADERS, logCollector } from '../harness';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';
import { createWatcher } from '../../src/watch/watcher';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
type Harness = Awaited<ReturnType<typeof sandboxHarness>>;
const harnesses: Harness[] = [];
afterAll(async () => {
  for (const h of harnesses) await h.close();
});

async function setUp(live: { heartbeatMs?: number; maxStreamsPerSession?: number } = {}) {
  const h = await sandboxHarness({ alg: 'EdDSA', secrets, live: { pollMs: 50, ...live } });
  harnesses.push(h);
  await h.db.exec(
    "delete from inbox_reads; delete from live_changes; delete from watch_cursors; delete from live_streams; delete from job_leases where kind = 'watch';",
  );
  const watcher = createWatcher(
    { db: h.db, client: h.client, owner: 'watching', logger: logCollector().logger },
    {
      spacingMs: 0,
      leaseMs: 30_000,
      startLookbackMs: 60_000,
      pageSize: 100,
      maxPages: 100,
      idleOrderLooks: 1_000,
      pauseMs: 1_000,
      maxPauseMs: 1_000,
      timeoutMs: 5_000,
    },
  );
  const state = await h.control<{ profiles: { id: string }[] }>('GET', '/state');
  const deposit = async (memo: string, profileId = state.profiles[0]!.id) => {
    await h.control('POST', '/deposits', {
      asset: 'BTC',
      amount: '0.5',
      profile_id: profileId,
      memo,
    });
    await watcher.look();
  };
  // The changes from before the test are the log's past: every stream starts after them.
  await watcher.look();
  return { h, deposit, watcher };
}

type Message = StreamMessage;

/** A stream opened as the browser would, read message by message. */
async function openStream(h: Harness, cookie: string, lastEventId?: string) {
  const res = await h.app.request('/api/stream', {
    headers: { Cookie: cookie, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
  });
  return readEventStream(res);
}

const dataOf = (m: Message) => JSON.parse(m.data) as LiveMessage;

async function inboxOf(h: Harness, cookie: string): Promise<Inbox> {
  return (await (
    await h.app.request('/api/inbox', { headers: { Cookie: cookie } })
  ).json()) as Inbox;
}

const memoOf = (m: Message) =>
  (JSON.parse(m.data) as { record: { object?: { memo?: string } } }).record.object?.memo;

describe('the live stream', () => {
  it('sends every role the change, a viewer with its personal data masked', async () => {
    const { h, deposit } = await setUp();
    const viewer = await openStream(h, await h.signIn('viewer'));
    const finance = await openStream(h, await h.signIn('finance'));
    expect(viewer.res.status).toBe(200);
    expect(viewer.res.headers.get('content-type')).toContain('text/event-stream');
    await viewer.readUntil((all) => all.some((m) => m.event === 'ready'));
    await finance.readUntil((all) => all.some((m) => m.event === 'ready'));
    await deposit('paid by Grace Hopperton');
    const seen = (all: Message[]) => all.some((m) => m.event === 'change');
    await viewer.readUntil(seen);
    await finance.readUntil(seen);
    expect(finance.changes().map(memoOf)).toEqual(['paid by Grace Hopperton']);
    // Free text is hidden whole from a role that sees masked values (issue 67).
    expect(viewer.changes().map(memoOf)).toEqual(['••••']);
    for (const m of [...viewer.changes(), ...finance.changes()]) {
      expect(m.id).toMatch(/^[0-9]+$/);
      expect(JSON.parse(m.data)).toMatchObject({
        id: m.id,
        kind: 'transfer.crypto_deposit.completed',
      });
    }
    await viewer.close();
    await finance.close();
  });

  it('resumes after Last-Event-ID with every change since and none before', async () => {
    const { h, deposit } = await setUp();
    const cookie = await h.signIn('finance');
    const first = await openStream(h, cookie);
    await first.readUntil((all) => all.some((m) => m.event === 'ready'));
    await deposit('one');
    await deposit('two');
    await first.readUntil((all) => all.filter((m) => m.event === 'change').length === 2);
    const lastSeen = first.changes()[0]!.id!;
    await first.close();
    // While the browser was away, another change.
    await deposit('three');
    const again = await openStream(h, cookie, lastSeen);
    await again.readUntil((all) => all.filter((m) => m.event === 'change').length === 2);
    expect(again.changes().map(memoOf)).toEqual(['two', 'three']);
    await again.close();
  });

  it('says the session ended and closes when the operator signs out elsewhere', async () => {
    const { h } = await setUp({ heartbeatMs: 100 });
    const cookie = await h.signIn('support');
    const stream = await openStream(h, cookie);
    await stream.readUntil((all) => all.some((m) => m.event === 'ready'));
    const out = await h.app.request('/api/session', {
      method: 'DELETE',
      headers: { ...BROWSER_HEADERS, Cookie: cookie },
    });
    expect(out.status).toBe(204);
    await stream.readUntil(() => false, 3_000).catch(() => stream.messages);
    expect(stream.messages.at(-1)?.event).toBe('session-ended');
    expect(stream.ended()).toBe(true);
  });

  it('refuses a session more streams than its cap, in problem details', async () => {
    const { h } = await setUp({ maxStreamsPerSession: 2 });
    const cookie = await h.signIn('viewer');
    const open = [await openStream(h, cookie), await openStream(h, cookie)];
    const third = await h.app.request('/api/stream', { headers: { Cookie: cookie } });
    expect(third.status).toBe(429);
    expect(third.headers.get('content-type')).toContain('application/problem+json');
    // Another operator's session has its own room.
    const other = await openStream(h, await h.signIn('admin'));
    expect(other.res.status).toBe(200);
    for (const s of [...open, other]) await s.close();
  });

  it('puts a transfer failed at the service in its maker’s inbox and stream, not in another operator’s', async () => {
    const { h, watcher } = await setUp();
    const finance = await h.signIn('finance');
    const admin = await h.signIn('admin');
    const financeStream = await openStream(h, finance);
    const adminStream = await openStream(h, admin);
    await financeStream.readUntil((all) => all.some((m) => m.event === 'ready'));
    await adminStream.readUntil((all) => all.some((m) => m.event === 'ready'));

    const input = { ...exampleInput('createInternalTransfer'), ref_id: `inbox-${randomUUID()}` };
    const sent = await h.post('/api/operations/createInternalTransfer', finance, input);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const transfer = ((await sent.json()) as { data: { id: string; group_id: string } }).data;
    await h.control('POST', `/transfers/${transfer.id}/settle`, { status: 'FAILED' });
    await watcher.look();

    const failedOf = <T extends { kind: string; record: unknown }>(items: T[]) =>
      items.filter(
        (i) =>
          /\.failed$/.test(i.kind) && (i.record as { ref_id?: string }).ref_id === input.ref_id,
      );
    // One item: the debit's failure. The credit leg is the same send's, and no one's news.
    expect(failedOf((await inboxOf(h, finance)).items).map((i) => i.kind)).toEqual([
      'transfer.internal_transfer_debit.failed',
    ]);
    expect(failedOf((await inboxOf(h, admin)).items)).toEqual([]);

    // Both streams carry both legs' changes (the pages update); only the maker's says "inbox".
    const legs = (all: Message[]) =>
      all
        .filter((m) => m.event === 'change')
        .map(dataOf)
        .filter(
          (m) =>
            /\.failed$/.test(m.kind) &&
            (m.record as { group_id?: string }).group_id === transfer.group_id,
        );
    await financeStream.readUntil((all) => legs(all).length === 2);
    await adminStream.readUntil((all) => legs(all).length === 2);
    const inboxFlags = (all: Message[]) =>
      Object.fromEntries(legs(all).map((m) => [m.kind, m.inbox]));
    expect(inboxFlags(financeStream.messages)).toEqual({
      'transfer.internal_transfer_debit.failed': true,
      'transfer.internal_transfer_credit.failed': false,
    });
    expect(inboxFlags(adminStream.messages)).toEqual({
      'transfer.internal_transfer_debit.failed': false,
      'transfer.internal_transfer_credit.failed': false,
    });
    await financeStream.close();
    await adminStream.close();
  });

  it('puts a failure the console did not send in the inbox of every operator who may read it', async () => {
    const { h, watcher } = await setUp();
    // Another client of the same account sends it: the journal has no entry of its ref_id.
    const refId = `other-client-${randomUUID()}`;
    const body = JSON.stringify({ ...exampleInput('createInternalTransfer'), ref_id: refId });
    const op = operations.createInternalTransfer;
    const answer = await h.client.send({
      method: op.method,
      path: op.path,
      body,
      scope: op.scope,
      timeoutMs: 5_000,
      requestId: randomUUID(),
    });
    const id = (
      JSON.parse((answer.kind === 'answered' ? answer.text : undefined) ?? '{}') as { id: string }
    ).id;
    await h.control('POST', `/transfers/${id}/settle`, { status: 'FAILED' });
    await watcher.look();
    for (const role of ['finance', 'admin', 'viewer'] as const) {
      const items = (await inboxOf(h, await h.signIn(role))).items;
      expect(
        items.filter((i) => (i.record as { ref_id?: string }).ref_id === refId).map((i) => i.kind),
        role,
      ).toEqual(['transfer.internal_transfer_debit.failed']);
    }
  });

  it('brings a deposit to the operators who work with its profile, with read state per operator', async () => {
    const { h, watcher, deposit } = await setUp();
    const finance = await h.signIn('finance');
    const viewer = await h.signIn('viewer');
    // Finance works with the treasury profile: a transfer from it is in their journal.
    const sent = await h.post('/api/operations/createInternalTransfer', finance, {
      ...exampleInput('createInternalTransfer'),
      ref_id: `works-with-${randomUUID()}`,
    });
    expect(sent.status).toBe(200);
    await watcher.look();
    const before = (await inboxOf(h, finance)).unread;
    await deposit('for Ada Byronson', DEMO_IDS.profiles.treasury);
    const mine = await inboxOf(h, finance);
    expect(mine.unread).toBe(before + 1);
    const item = mine.items[0]!;
    expect(item).toMatchObject({ kind: 'transfer.crypto_deposit.completed', read: false });
    expect((item.record as { object: { memo: string } }).object.memo).toBe('for Ada Byronson');
    // The viewer works with no profile: the deposit streams to their pages, not to their inbox.
    expect((await inboxOf(h, viewer)).items.map((i) => i.kind)).not.toContain(
      'transfer.crypto_deposit.completed',
    );
    // Nor is a deposit to a profile finance never sent from in finance's inbox.
    await deposit('elsewhere', DEMO_IDS.profiles.trading);
    expect((await inboxOf(h, finance)).items[0]!.id).toBe(item.id);

    const read = await h.post('/api/inbox/read', finance, { ids: [item.id] });
    expect(read.status).toBe(200);
    expect((await inboxOf(h, finance)).unread).toBe(before);
    // Another sign-in of the same operator sees it read.
    expect((await inboxOf(h, await h.signIn('finance'))).items[0]!).toMatchObject({
      id: item.id,
      read: true,
    });
    // An id of an item not in one's inbox marks nothing.
    await h.post('/api/inbox/read', viewer, { ids: [item.id] });
    expect(await h.db.query('select 1 from inbox_reads where username = $1', ['viewer'])).toEqual(
      [],
    );
  });
});
