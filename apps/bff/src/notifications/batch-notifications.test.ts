import { DEMO_IDS } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { addressOf, notifyAppsOn, ORIGIN } from '../../test/notify-harness';
import { createBatchStore, type NewBatch } from '../batches/batch-store';

beforeAll(() => sharedDb());

const { treasury, payouts } = DEMO_IDS.profiles;

/** A batch of three transfers by `finance`, the third left out, needing two approvals. */
const newBatch = (hash: string): NewBatch => ({
  operation: 'createInternalTransfer',
  file_name: 'payouts-march.csv',
  created_by: 'finance',
  created_by_name: 'Test finance',
  columns: ['amount'],
  mapping: { amount: 'amount' },
  rows_hash: hash,
  rows: [1, 2, 3].map((row) => ({
    row,
    cells: { amount: `${row}000.25` },
    body: {
      from_profile_id: treasury,
      to_profile_id: payouts,
      asset: 'USD',
      amount: `${row}000.25`,
      // Each batch pays its own rows: the same rows again are one batch (issue 64).
      metadata: { upload: hash.slice(0, 6) },
    },
    excluded: row === 3,
    reason: row === 3 ? 'Excluded at upload.' : null,
  })),
  totals: [{ asset: 'USD', amount: '3000.50', rows: 2 }],
  by_destination: [],
  largest: [{ asset: 'USD', amount: '2000.25', rows: 1 }],
  approvals_required: 2,
  approver_roles: ['finance', 'admin'],
  requirements: [
    {
      approvals_required: 2,
      approver_roles: ['finance', 'admin'],
      escalation: null,
      asked_by: 'rows',
    },
  ],
  policy_version: null,
});

const person = (username: string, display_name: string, role: 'finance' | 'admin') => ({
  username,
  display_name,
  role,
});

/** Migration 024: a batch is told as a single request is, by the same sender and channels. */
describe.each(testDatabases)('a batch, told by email and chat ($name)', (database) => {
  const app = notifyAppsOn(database);
  const open = async () => {
    const n = await app();
    await n.db.exec('delete from batches');
    return { n, store: createBatchStore(n.db) };
  };
  const hash = (c: string) => c.repeat(64);

  it('reaches the roles that may approve it, never its maker, with its file, rows, totals in words and hash, and the batch page', async () => {
    const { n, store } = await open();
    const batch = await store.create(newBatch(hash('a')));
    await n.settle();
    expect(n.smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [addressOf('admin'), addressOf('finance2')].sort(),
    );
    expect(n.mailTo('finance')).toEqual([]);
    const [mail] = n.mailTo('finance2');
    expect(mail!.subject).toBe(
      'Approval needed: batch of 3 Create internal transfer (payouts-march.csv)',
    );
    expect(mail!.text).toContain('A batch waits for your approval.');
    expect(mail!.text).toContain(
      'Total: 3,000.50 USD (three thousand point five zero USD) in 2 rows',
    );
    expect(mail!.text).toContain('Approvals needed: 2 approvals from finance or admin (rows)');
    expect(mail!.text).toContain(`Rows SHA-256 begins: ${'a'.repeat(12)} `);
    expect(mail!.text).toContain('Uploaded by: Test finance');
    // The one way in is the batch page, which asks for a sign-in.
    const links = mail!.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toEqual([`${ORIGIN}/batches/${batch.id}`, `${ORIGIN}/notifications`]);
    expect(mail!.text).not.toMatch(/token|\/approve\b|\?/i);
    expect(n.hook.received).toHaveLength(1);
    expect(n.hook.received[0]!.json.kind).toBe('held');
    expect(n.hook.received[0]!.json.text).toMatch(
      /^For: (Test admin, Second Finance|Second Finance, Test admin)$/m,
    );
    // The outbox keeps which batch each message is about.
    const deliveries = await n.outbox.ofBatch(batch.id);
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((d) => d.batch_id === batch.id && d.journal_id === null)).toBe(true);
  });

  it('is said once: an approval given and a second look tell nobody again', async () => {
    const { n, store } = await open();
    const batch = await store.create(newBatch(hash('b')));
    await n.settle();
    const told = n.smtp.received.length;
    const approved = await store.approve(
      batch.id,
      person('finance2', 'Second Finance', 'finance'),
      batch.rows_hash,
    );
    expect(approved.ok).toBe(true);
    await n.settle();
    expect(n.smtp.received).toHaveLength(told);
  });

  it('tells the maker who rejected it and why', async () => {
    const { n, store } = await open();
    const batch = await store.create(newBatch(hash('c')));
    await n.settle();
    expect((await store.reject(batch.id, 'admin', 'Wrong month')).ok).toBe(true);
    await n.settle();
    const [mail, more] = n.mailTo('finance');
    expect(more).toBeUndefined();
    expect(mail!.subject).toBe('Rejected: batch of 3 Create internal transfer (payouts-march.csv)');
    expect(mail!.text).toContain('Your batch was rejected by Test admin. Nothing of it was sent.');
    expect(mail!.text).toContain('Reason: Wrong month');
  });

  it('tells the maker it ended, and what became of its rows, when someone else cancelled it; not when they did', async () => {
    const { n, store } = await open();
    const theirs = await store.create(newBatch(hash('d')));
    const own = await store.create(newBatch(hash('e')));
    await n.settle();
    n.smtp.received.length = 0;
    expect((await store.cancel(theirs.id, 'admin', 'Duplicate of Monday')).ok).toBe(true);
    expect((await store.cancel(own.id, 'finance', 'Uploaded by mistake')).ok).toBe(true);
    await n.settle();
    const told = n.mailTo('finance');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(
      'Cancelled: batch of 3 Create internal transfer (payouts-march.csv)',
    );
    expect(told[0]!.text).toContain(
      'Your batch was cancelled by Test admin: the rows not sent yet never will be.',
    );
    expect(told[0]!.text).toContain('Reason: Duplicate of Monday');
    expect(told[0]!.text).toContain('Not sent: 2\nLeft out at upload: 1');
  });

  it('writes operator text into a chat post as text: no mention, no link of its own', async () => {
    const { n, store } = await open();
    const name =
      'payouts <!channel> <https://evil.example/approve?batch=1|Approve this batch here>.csv';
    const batch = await store.create({ ...newBatch(hash('g')), file_name: name });
    await n.settle();
    const held = n.hook.received[0]!.json.text;
    expect(held).not.toMatch(/<!|<http/);
    expect(held).toContain(
      'File: payouts &lt;!channel&gt; &lt;https://evil.example/approve?batch=1|Approve this batch here&gt;.csv, 3 rows',
    );
    // An email is plain text: it says the name as it is.
    expect(n.mailTo('finance2')[0]!.text).toContain(`File: ${name}, 3 rows`);
    n.hook.received.length = 0;
    const reason =
      '<!here> fixed, approve it at <https://evil.example/approve|the batch page> & go';
    expect((await store.reject(batch.id, 'admin', reason)).ok).toBe(true);
    await n.settle();
    const [rejected, more] = n.hook.received;
    expect(more).toBeUndefined();
    expect(rejected!.json.kind).toBe('rejected');
    expect(rejected!.json.text).not.toMatch(/<!|<http/);
    expect(rejected!.json.text).toContain(
      'Reason: &lt;!here&gt; fixed, approve it at &lt;https://evil.example/approve|the batch page&gt; &amp; go',
    );
  });

  it('keeps every email subject on one line, whatever the file name holds', async () => {
    const { n, store } = await open();
    const batch = await store.create({
      ...newBatch(hash('h')),
      file_name: 'payouts\r\nBcc: someone@evil.example\n\tX.csv',
    });
    await n.settle();
    const mails = n.mailTo('finance2');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Approval needed: batch of 3 Create internal transfer (payouts Bcc: someone@evil.example X.csv)',
    );
    expect(n.smtp.received.flatMap((m) => m.to)).not.toContain('someone@evil.example');
    // The outbox (and so the dead-letter list) keeps the subject as sent.
    const subjects = (await n.outbox.ofBatch(batch.id)).map((d) => d.subject);
    expect(subjects.filter((s) => /[\r\n\t]/.test(s))).toEqual([]);
  });

  it('tells the maker a batch sent to its end, with failures said when rows failed', async () => {
    const { n, store } = await open();
    const batch = await store.create(newBatch(hash('f')));
    for (const who of [
      person('finance2', 'Second Finance', 'finance'),
      person('admin', 'Test admin', 'admin'),
    ]) {
      expect((await store.approve(batch.id, who, batch.rows_hash)).ok).toBe(true);
    }
    await n.settle();
    n.smtp.received.length = 0;
    // The sender's last step: the row it could not build failed, the batch is done.
    await n.db.query(
      `update batch_rows set state = 'failed', error = 'profile gone'
       where batch_id = $1::uuid and not excluded`,
      [batch.id],
    );
    await n.db.query(`update batches set state = 'done' where id = $1::uuid`, [batch.id]);
    await n.settle();
    const [mail, more] = n.mailTo('finance');
    expect(more).toBeUndefined();
    expect(mail!.subject).toBe(
      'Ended, with failures: batch of 3 Create internal transfer (payouts-march.csv)',
    );
    expect(mail!.text).toContain('Your batch has ended: every row was sent.');
    expect(mail!.text).toContain('Some rows did not succeed');
    expect(mail!.text).toContain('Failed (the service said no): 2');
    expect(n.mailTo('admin')).toEqual([]);
  });
});
