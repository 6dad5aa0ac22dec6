import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@console/schemas';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { runUsersCommand } from '../cli/users-commands';
import { fileDirectory, type OperatorDirectory } from '../operators/operator-directory';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
  sharedDb,
} from '../../test/harness';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const FIRST = 'first-password-of-ada';
const SECOND = 'second-password-of-ada';

/**
 * Sessions belong to one operator record: removing an operator and adding one of the same name,
 * changing their role or resetting their password ends every session they had, at its next
 * request.
 */
describe('sessions and the users file (3)', () => {
  const open: OperatorDirectory[] = [];
  afterEach(() => {
    for (const directory of open.splice(0)) directory.close?.();
  });

  async function setUp() {
    const file = join(mkdtempSync(join(tmpdir(), 'users-')), 'users.json');
    const cli = (command: string, role: Role = 'viewer', password = FIRST) =>
      runUsersCommand(command, { file, username: 'ada', role }, async () => password);
    await cli('users:add', 'viewer');
    const directory = fileDirectory(file);
    open.push(directory);
    const h = await testApp({ client: scriptedClient(echoSuccess).client, directory });
    const signIn = async (password: string) => {
      const res = await h.app.request('/api/session', {
        method: 'POST',
        headers: BROWSER_HEADERS,
        body: JSON.stringify({ username: 'ada', password }),
      });
      expect(res.status).toBe(200);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    };
    /** Waits until the running directory has read the file as the CLI left it. */
    const seen = async (check: (role: Role | undefined) => boolean) => {
      for (let i = 0; i < 200 && !check(directory.find('ada')?.role); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    return { h, cli, signIn, seen, directory, file };
  }

  it('remove, then add again with another role: the old cookie is dead, for good', async () => {
    const { h, cli, signIn, seen } = await setUp();
    const cookie = await signIn(FIRST);
    expect((await h.get('/api/session', cookie)).status).toBe(200);
    await cli('users:remove');
    await seen((role) => role === undefined);
    await cli('users:add', 'admin');
    await seen((role) => role === 'admin');
    const res = await h.get('/api/session', cookie);
    expect(res.status).toBe(401);
    expect((await h.get('/api/security-events', cookie)).status).toBe(401);
    // The new operator signs in for themselves.
    const fresh = await signIn(FIRST);
    expect((await h.get('/api/security-events', fresh)).status).toBe(200);
  });

  it('a role change ends the session at the next request', async () => {
    const { h, cli, signIn, seen } = await setUp();
    const cookie = await signIn(FIRST);
    await cli('users:set-role', 'finance');
    await seen((role) => role === 'finance');
    expect((await h.get('/api/session', cookie)).status).toBe(401);
    // Ended, not merely refused: changing the role back does not bring it back.
    await cli('users:set-role', 'viewer');
    await seen((role) => role === 'viewer');
    expect((await h.get('/api/session', cookie)).status).toBe(401);
  });

  it('a password reset ends the session at the next request', async () => {
    const { h, cli, signIn, seen, directory } = await setUp();
    const cookie = await signIn(FIRST);
    const before = directory.find('ada')!.password_hash;
    await cli('users:reset-password', 'viewer', SECOND);
    for (let i = 0; i < 200 && directory.find('ada')!.password_hash === before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await seen(() => true);
    expect((await h.get('/api/session', cookie)).status).toBe(401);
    await signIn(SECOND);
  });

  it('another process reading the same file sees the change', async () => {
    const { cli, file, seen } = await setUp();
    const other = fileDirectory(file);
    open.push(other);
    await cli('users:set-role', 'support');
    await seen((role) => role === 'support');
    for (let i = 0; i < 200 && other.find('ada')?.role !== 'support'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(other.find('ada')?.role).toBe('support');
  });
});

describe('password bounds in the CLI (4)', () => {
  it('refuse a password under 12 or over 1024 characters before hashing it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'users-')), 'users.json');
    for (const password of ['too-short', 'x'.repeat(1025), 'x'.repeat(5000)]) {
      await expect(
        runUsersCommand(
          'users:add',
          { file, username: 'bob', role: 'viewer' },
          async () => password,
        ),
      ).rejects.toThrow(/12 to 1024 characters/);
    }
    await runUsersCommand('users:add', { file, username: 'bob', role: 'viewer' }, async () =>
      'x'.repeat(1024),
    );
    await expect(
      runUsersCommand('users:reset-password', { file, username: 'bob' }, async () => 'short'),
    ).rejects.toThrow(/12 to 1024 characters/);
  });
});
