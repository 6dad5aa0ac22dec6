import { exampleInput, type DeadLetters, type NotificationDelivery } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { addressOf, notifyAppsOn } from '../../test/notify-harness';
import { sweepExpired } from '../approvals/approval-flow';
import { buildPolicy } from '../approvals/policy';

beforeAll(() => sharedDb());

const transfer = exampleInput('createInternalTransfer');
/** How a message names the transfer: the test service names no profile, so by id. */
const what = `Create internal transfer, profile ${transfer.from_profile_id} → profile ${transfer.to_profile_id}, 125.50 USD`;

describe.each(testDatabases)('delivery, retries, reminders and expiry ($name)', (database) => {
  const open = notifyAppsOn(database);

  it('retries a refusing SMTP server, then lists a dead letter for admins, who put it back to be delivered', async () => {
    const n = await open({ settings: { webhook: undefined } });
    n.smtp.setMode('refuse');
    const held = await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    const answer = await n.get('/api/notifications/dead-letters', n.cookies.admin);
    const dead = (await answer.json()) as DeadLetters;
    expect(dead.count).toBe(2);
    expect(dead.items.every((d) => d.attempts === 3 && d.state === 'dead')).toBe(true);
    expect(dead.items[0]!.last_error).toMatch(/451 Mailbox unavailable/);
    expect(dead.items[0]!.journal_id).toBe(held.journal.id);
    expect(n.smtp.received).toEqual([]);
    // Admins only.
    expect((await n.get('/api/notifications/dead-letters', n.cookies.finance)).status).toBe(403);

    n.smtp.setMode('accept');
    const id = dead.items.find((d) => d.recipients[0] === 'admin')!.id;
    const retried = await n.post(`/api/notifications/${id}/retry`, n.cookies.admin, {});
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as NotificationDelivery).state).toBe('pending');
    await n.settle();
    expect(n.smtp.received.map((m) => m.to)).toEqual([[addressOf('admin')]]);
    expect(n.smtp.received[0]!.consoleId).toBe(id);
    const again = await n.post(`/api/notifications/${id}/retry`, n.cookies.admin, {});
    expect(again.status).toBe(409);
    const left = (await (
      await n.get('/api/notifications/dead-letters', n.cookies.admin)
    ).json()) as DeadLetters;
    expect(left.count).toBe(1);
  });

  it('marks a message delivered once: an attempt that would send it again finds it delivered', async () => {
    const n = await open({ settings: { smtp: undefined } });
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    const [post] = await n.db.query<{ id: string }>(
      "select id::text as id from notification_outbox where state = 'delivered'",
    );
    expect(await n.outbox.delivered(post!.id)).toBe(false);
    expect(await n.outbox.claim(post!.id, 50)).toBeUndefined();
    expect(n.hook.received).toHaveLength(1);
  });

  it('is delivered by the lease holder alone when two processes look at once, each message once', async () => {
    const n = await open();
    const other = n.senderOf('another-process', await n.second());
    for (let i = 0; i < 3; i += 1) {
      await n.submit('createInternalTransfer', transfer, 'finance');
    }
    const looks = await Promise.all([
      ...Array.from({ length: 4 }, () => n.notifier.lookNow()),
      ...Array.from({ length: 4 }, () => other.lookNow()),
    ]);
    await n.settle();
    // One process held the lease through those looks; the other did nothing.
    expect(new Set(looks.filter((l) => l.held).map((l) => looks.indexOf(l) < 4)).size).toBe(1);
    expect(n.smtp.received).toHaveLength(6);
    expect(new Set(n.smtp.received.map((m) => m.consoleId)).size).toBe(6);
    expect(n.hook.received).toHaveLength(3);
  });

  it('reminds those who have not acted once, a configured time before expiry, and tells the maker of the expiry', async () => {
    const policy = buildPolicy({
      operations: { createInternalTransfer: { required: true, approvers: 2, max_wait_hours: 2 } },
    });
    const n = await open({ policy, settings: { webhook: undefined } });
    const held = await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    expect((await n.approve(held.journal.id, 'finance2')).status).toBe(202);
    n.smtp.received.length = 0;

    n.advance(59 * 60_000); // more than an hour before expiry: nothing yet
    await n.settle();
    expect(n.smtp.received).toEqual([]);
    n.advance(2 * 60_000); // within the hour
    await n.settle();
    n.advance(10 * 60_000);
    await n.settle();
    // finance2 approved already; finance made it: only admin is reminded, and once.
    expect(n.smtp.received.map((m) => [m.to[0], m.subject])).toEqual([
      [addressOf('admin'), `Reminder, expires soon: ${what}`],
    ]);

    n.advance(60 * 60_000);
    expect(await sweepExpired({ ...n.deps, now: n.now } as never)).toBe(1);
    await n.settle();
    const expired = n.mailTo('finance');
    expect(expired.map((m) => m.subject)).toEqual([`Expired unapproved: ${what}`]);
    expect(expired[0]!.text).toContain('Nothing was sent.');
  });
});
