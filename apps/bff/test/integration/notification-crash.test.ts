/**
 * The outbox across a crash (issue 36): a real BFF process posts a held send's notice to a real
 * webhook receiver, which keeps it and never answers; the process is killed with SIGKILL between
 * the send and its mark. The next process delivers it again: the receiver holds at most one
 * duplicate, told apart by the message id both posts carry. On PGlite (a restart on the same
 * data) and on PostgreSQL when TEST_DATABASE_URL is set (the lease lapses, then it is taken).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleInput, type DeadLetters } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/notifications/webhook-signature';
import { freePort, spawnBff, until, type BffProcess } from '../bff-process';
import { privatePostgres } from '../databases';
import { TEST_PASSWORDS, testUsers } from '../harness';
import { startWebhookReceiver } from '../notify-receivers';

const url = process.env.TEST_DATABASE_URL;
const stores: {
  name: string;
  env: () => Promise<{ vars: Record<string, string>; drop(): Promise<void> }>;
}[] = [
  { name: 'PGlite', env: async () => ({ vars: {}, drop: async () => {} }) },
  ...(url
    ? [
        {
          name: 'PostgreSQL',
          env: async () => {
            const server = await privatePostgres(url);
            return { vars: { DATABASE_URL: server.url }, drop: () => server.drop() };
          },
        },
      ]
    : []),
];

describe.each(stores)('a notice whose sender is killed between send and mark ($name)', (store) => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('is delivered after the restart, at most once more, with the same message id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bff-notify-crash-'));
    const hook = await startWebhookReceiver();
    cleanup.push(() => hook.close());
    const database = await store.env();
    cleanup.push(() => database.drop());
    const secret = randomBytes(24).toString('base64url');
    const usersFile = join(dir, 'users.json');
    writeFileSync(usersFile, JSON.stringify({ users: await testUsers() }));
    const env = {
      ...database.vars,
      DATA_DIR: join(dir, 'data'),
      PORT: String(await freePort()),
      SANDBOX_PORT: String(await freePort()),
      CONSOLE_USERS_FILE: usersFile,
      NOTIFY_WEBHOOK_URL: hook.url,
      NOTIFY_WEBHOOK_SECRET: secret,
      NOTIFY_INTERVAL_SECONDS: '0.2',
      NOTIFY_LEASE_SECONDS: '2',
      NOTIFY_RETRY_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    const start = async (name: string) => {
      const bff = await spawnBff(name, env);
      cleanup.push(() => void bff.child.kill('SIGKILL'));
      return bff;
    };

    // First life: the post reaches the receiver, which keeps it and never answers.
    hook.setMode('hold');
    const first: BffProcess = await start('first');
    const cookie = await first.signIn('finance', TEST_PASSWORDS.finance);
    const held = await first.post(
      '/api/operations/createInternalTransfer',
      cookie,
      exampleInput('createInternalTransfer'),
    );
    expect(held.status).toBe(202);
    await until('the post to arrive', async () => (hook.received.length === 1 ? true : undefined));
    first.child.kill('SIGKILL');
    await first.exited;

    // Second life: the message was not marked, so it goes again once its backoff has passed.
    hook.setMode('accept');
    const second = await start('second');
    await until(
      'the post to arrive again',
      async () => (hook.received.length === 2 ? true : undefined),
      30_000,
    );
    // Marked delivered now: nothing more comes, and no dead letter is left.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(hook.received).toHaveLength(2);
    const [one, two] = hook.received;
    expect(two!.body).toBe(one!.body);
    expect(two!.json.message_id).toBe(one!.json.message_id);
    expect(two!.headers['x-console-message-id']).toBe(one!.json.message_id);
    expect(
      verifyWebhook(secret, two!.body, two!.headers['x-console-signature'] as string, Date.now()),
    ).toBe(true);
    const admin = await second.signIn('admin', TEST_PASSWORDS.admin);
    const dead = (await (
      await second.get('/api/notifications/dead-letters', admin)
    ).json()) as DeadLetters;
    expect(dead.count).toBe(0);

    second.child.kill('SIGTERM');
    await second.exited;
    const text = [...first.output, ...second.output].join('');
    expect(text).toContain('notification delivered');
    expect([secret, hook.url, new URL(hook.url).pathname].filter((s) => text.includes(s))).toEqual(
      [],
    );
  }, 240_000);
});
