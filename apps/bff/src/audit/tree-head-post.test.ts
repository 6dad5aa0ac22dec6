import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyTrail, journalEntry, tamper } from '../../test/audit-trail';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { startWebhookReceiver } from '../../test/notify-receivers';
import { verifyWebhook } from '../notifications/webhook-signature';
import { createLogger } from '../logger';
import { parseCheckpointCopy, storedCheckpoints } from './audit-checkpoint';
import { checkpointIfDue } from './audit-checkpointer';
import { auditKeyFromPem } from './audit-key';
import { verifyAuditTrail } from './audit-verify';
import { treeHeadPoster } from './tree-head-post';

beforeAll(() => sharedDb());

describe.each(testDatabases)('the periodic tree head posted to chat on $name', (database) => {
  let done: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of done.reverse()) await step();
    done = [];
  });

  it('is a copy out of the database’s reach: a tail cut with every stored checkpoint shows against it', async () => {
    const { db, close } = await database.open();
    const hook = await startWebhookReceiver();
    done.push(close, hook.close);
    await emptyTrail(db);
    await db.exec(`delete from job_leases where kind = 'audit-checkpoint'`);
    const key = await auditKeyFromPem(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const secret = 'a-webhook-secret-of-enough-length';
    const logger = createLogger('silent');
    const options = {
      db,
      key,
      owner: 'process-a',
      intervalMs: 60_000,
      logger,
      post: treeHeadPoster({ url: hook.url, secret }, [hook.url, secret], logger),
    };
    await journalEntry(db);
    await journalEntry(db);
    expect(await checkpointIfDue(options)).toBe(true);

    expect(hook.received).toHaveLength(1);
    const [post] = hook.received;
    const body = JSON.parse(post!.body) as { kind: string; text: string; checkpoint: unknown };
    expect(body.kind).toBe('audit-tree-head');
    expect(body.text).toMatch(/journal 4 \(root [0-9a-f]{12}\)/);
    const [stored] = await storedCheckpoints(db);
    expect(body.checkpoint).toMatchObject({ jws: stored!.jws, heads: stored!.heads });
    // Signed as every post of the console's webhook is.
    expect(
      verifyWebhook(secret, post!.body, String(post!.headers['x-console-signature']), Date.now()),
    ).toBe(true);

    // The second entry's records cut, and every checkpoint of the database with them.
    await tamper(
      db,
      `delete from audit_records where chain = 'journal' and position > 2;
       delete from audit_checkpoints`,
    );
    const journalOf = (report: Awaited<ReturnType<typeof verifyAuditTrail>>) =>
      report.chains.find((c) => c.chain === 'journal')!;
    // The database alone no longer knows of them; the posted copy does.
    expect(journalOf(await verifyAuditTrail(db, { publicKey: key.publicKey })).ok).toBe(true);
    const copy = parseCheckpointCopy(
      hook.received
        .map((p) => JSON.stringify((JSON.parse(p.body) as { checkpoint: unknown }).checkpoint))
        .join('\n'),
    );
    const report = await verifyAuditTrail(db, { publicKey: key.publicKey, extraCheckpoints: copy });
    expect(journalOf(report).break).toMatchObject({ position: 3, kind: 'missing' });
  });

  it('still signs when the webhook refuses the post', async () => {
    const { db, close } = await database.open();
    const hook = await startWebhookReceiver();
    done.push(close, hook.close);
    await emptyTrail(db);
    await db.exec(`delete from job_leases where kind = 'audit-checkpoint'`);
    hook.setMode('fail');
    const key = await auditKeyFromPem(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const logger = createLogger('silent');
    await journalEntry(db);
    const signed = await checkpointIfDue({
      db,
      key,
      owner: 'process-a',
      intervalMs: 60_000,
      logger,
      post: treeHeadPoster(
        { url: hook.url, secret: 'a-webhook-secret-of-enough-length' },
        [],
        logger,
      ),
    });
    expect(signed).toBe(true);
    expect(await storedCheckpoints(db)).toHaveLength(1);
  });
});
