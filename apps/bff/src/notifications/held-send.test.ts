import { exampleInput, type JournalEntry } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { addressOf, notifyAppsOn, ORIGIN } from '../../test/notify-harness';
import { until } from '../../test/bff-process';
import { verifyWebhook } from './webhook-signature';

beforeAll(() => sharedDb());

const transfer = { ...exampleInput('createInternalTransfer'), amount: '1250.50' };

describe.each(testDatabases)('a held send, told by email and chat ($name)', (database) => {
  const open = notifyAppsOn(database);

  it('reaches every eligible approver by one email and the room by one post, within seconds, and never the maker', async () => {
    const n = await open();
    await n.notifier.start();
    const started = Date.now();
    const held = await n.submit('createInternalTransfer', transfer, 'finance');
    expect(held.status).toBe(202);
    // Finance and admin may approve an internal transfer; finance made it: finance2 and admin.
    await until(
      'two emails and a post',
      async () => (n.smtp.received.length >= 2 && n.hook.received.length >= 1 ? true : undefined),
      10_000,
      50,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await n.settle();
    expect(n.smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [addressOf('admin'), addressOf('finance2')].sort(),
    );
    expect(n.mailTo('finance')).toEqual([]);
    expect(n.hook.received).toHaveLength(1);
    expect(n.hook.received[0]!.json.text).toMatch(
      /^For: (Test admin, Second Finance|Second Finance, Test admin)$/m,
    );
  });

  it('says what, how much in words and figures, where, who asked, until when, the hash and the page, and nothing to act with', async () => {
    const n = await open();
    const held = await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    const [mail] = n.mailTo('finance2');
    const entry: JournalEntry = held.journal;
    // The test service names no profile: they are named by id, both sides.
    const parties = `profile ${transfer.from_profile_id} → profile ${transfer.to_profile_id}`;
    expect(mail!.subject).toBe(
      `Approval needed: Create internal transfer, ${parties}, 1,250.50 USD`,
    );
    expect(mail!.text).toContain(
      'Amount: 1,250.50 USD (one thousand two hundred fifty point five zero USD)',
    );
    expect(mail!.text).toContain(`From → to: ${parties}`);
    expect(mail!.text).toContain('Asked by: Test finance');
    expect(mail!.text).toMatch(/Expires: \S+ \d\d:\d\d:\d\d UTC \(in 24 hours\)/);
    expect(mail!.text).toContain(`SHA-256 begins: ${entry.body_sha256.slice(0, 12)} `);
    // The one link is the approval page, which asks for a sign-in; no token, no approve link.
    const links = mail!.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toEqual([`${ORIGIN}/approvals/${entry.id}`, `${ORIGIN}/notifications`]);
    expect(mail!.text).not.toMatch(/token|\/approve\b|\?/i);
    // The stable id, the same in Message-ID and the console's header.
    const { id } = (await n.outbox.ofEntry(entry.id)).find((d) => d.recipients[0] === 'finance2')!;
    expect(mail!.messageId).toBe(`<${id}@console.example>`);
    expect(mail!.consoleId).toBe(id);
    expect(mail!.user).toBe('console-mailer');
  });

  it('signs each post so that it verifies with the secret and fails with another, its id in the header and the body', async () => {
    const n = await open();
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    const [post] = n.hook.received;
    const signature = post!.headers['x-console-signature'] as string;
    const secret = n.settings.webhook!.secret;
    expect(verifyWebhook(secret, post!.body, signature, Date.now())).toBe(true);
    expect(verifyWebhook(`${secret}x`, post!.body, signature, Date.now())).toBe(false);
    expect(post!.headers['x-console-message-id']).toBe(post!.json.message_id);
    expect(post!.json.kind).toBe('held');
  });

  it('tells the maker the decision: approved with what the service said, or rejected with the reason', async () => {
    const n = await open();
    const sent = await n.submit('createInternalTransfer', transfer, 'finance');
    const refused = await n.submit('createInternalTransfer', transfer, 'finance');
    expect((await n.approve(sent.journal.id, 'finance2')).status).toBe(200);
    const reject = await n.post(`/api/approvals/${refused.journal.id}/reject`, n.cookies.admin, {
      reason: 'Wrong profile',
    });
    expect(reject.status).toBe(200);
    await n.settle();
    const told = n.mailTo('finance').map((m) => [m.subject, m.text]);
    expect(told).toHaveLength(2);
    const approved = told.find(([s]) => s!.startsWith('Approved and sent'))!;
    expect(approved[1]).toContain('Your request was approved and sent: the service accepted it.');
    const rejected = told.find(([s]) => s!.startsWith('Rejected'))!;
    expect(rejected[1]).toContain('rejected by Test admin');
    expect(rejected[1]).toContain('Reason: Wrong profile');
  });

  it('writes a rejection reason into the chat post as text: no mention, no link of its own', async () => {
    const n = await open();
    const refused = await n.submit('createInternalTransfer', transfer, 'finance');
    const reject = await n.post(`/api/approvals/${refused.journal.id}/reject`, n.cookies.admin, {
      reason: '<!here> wrong profile: approve the right one at <https://evil.example/approve|here>',
    });
    expect(reject.status).toBe(200);
    await n.settle();
    const post = n.hook.received.find((p) => p.json.kind === 'rejected')!;
    expect(post.json.text).not.toMatch(/<!|<http/);
    expect(post.json.text).toContain(
      'Reason: &lt;!here&gt; wrong profile: approve the right one at &lt;https://evil.example/approve|here&gt;',
    );
    // The email to the maker is plain text and says it as written.
    const mail = n.mailTo('finance').find((m) => m.subject.startsWith('Rejected'))!;
    expect(mail.text).toContain('Reason: <!here> wrong profile');
  });

  it('keeps the SMTP password, the webhook address and its secret out of every log line and answer', async () => {
    const n = await open();
    n.smtp.setMode('refuse');
    n.hook.setMode('fail');
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    const answer = await (await n.get('/api/notifications/dead-letters', n.cookies.admin)).text();
    // Two emails and a post, each given up after its attempts, with what the servers said.
    expect((JSON.parse(answer) as { count: number }).count).toBe(3);
    const text = `${n.lines.join('\n')}\n${answer}`;
    expect(text).toContain('notification');
    expect(n.secrets().filter((secret) => text.includes(secret))).toEqual([]);
  });
});
