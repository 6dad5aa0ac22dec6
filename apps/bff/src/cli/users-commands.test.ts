import { copyFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../operators/password';
import { loadDemoOperators } from '../operators/demo-operators';
import { operatorGeneration, readUsersFile, writeUsersFile } from '../operators/users-file';
import { runUsersCommand } from './users-commands';

const password = () => Promise.resolve('correct horse battery');

describe('users commands', () => {
  it('add, set-role, reset-password and remove an operator in a 0600 file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'users-')), 'users.json');
    await runUsersCommand(
      'users:add',
      { file, username: 'ada', role: 'finance', 'display-name': 'Ada L' },
      password,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    let [user] = readUsersFile(file).users;
    expect(user).toMatchObject({ username: 'ada', display_name: 'Ada L', role: 'finance' });
    expect(await verifyPassword('correct horse battery', user!.password_hash)).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain('correct horse');

    await expect(
      runUsersCommand('users:add', { file, username: 'ada', role: 'viewer' }, password),
    ).rejects.toThrow(/already exists/);
    await expect(
      runUsersCommand('users:set-role', { file, username: 'ada', role: 'boss' }),
    ).rejects.toThrow(/--role/);

    await runUsersCommand('users:set-role', { file, username: 'ada', role: 'support' });
    await runUsersCommand('users:reset-password', { file, username: 'ada' }, () =>
      Promise.resolve('another long one'),
    );
    [user] = readUsersFile(file).users;
    expect(user!.role).toBe('support');
    expect(await verifyPassword('another long one', user!.password_hash)).toBe(true);

    await runUsersCommand('users:remove', { file, username: 'ada' });
    expect(readUsersFile(file).users).toEqual([]);
  });
});

describe('linking a single sign-on', () => {
  const identity = 'oidc:0123456789:00u1abcd';
  it('links and unlinks an operator and an SSO identity, one operator per identity', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'users-')), 'users.json');
    for (const username of ['fay', 'finn']) {
      await runUsersCommand('users:add', { file, username, role: 'finance' }, password);
    }
    await expect(
      runUsersCommand('users:link-sso', { file, username: 'fay', identity: 'fin.ops' }),
    ).rejects.toThrow(/oidc:<issuer tag>:<subject>/);
    expect(await runUsersCommand('users:link-sso', { file, username: 'fay', identity })).toMatch(
      /one operator now; its sign-ins must carry the role finance/,
    );
    expect(readUsersFile(file).users[0]!.sso_identity).toBe(identity);
    await expect(
      runUsersCommand('users:link-sso', { file, username: 'finn', identity }),
    ).rejects.toThrow(/linked to fay already/);

    await runUsersCommand('users:unlink-sso', { file, username: 'fay' });
    expect(readUsersFile(file).users[0]!.sso_identity).toBeUndefined();
    await runUsersCommand('users:link-sso', { file, username: 'finn', identity });
    expect(readUsersFile(file).users[1]!.sso_identity).toBe(identity);
  });
});

describe('an operator’s email address', () => {
  it('is added with the operator, changed and removed without ending their sessions, and refused when malformed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'users-')), 'users.json');
    await runUsersCommand(
      'users:add',
      { file, username: 'ada', role: 'finance', email: 'ada@example.com' },
      password,
    );
    const added = readUsersFile(file).users[0]!;
    expect(added.email).toBe('ada@example.com');
    await expect(
      runUsersCommand(
        'users:add',
        { file, username: 'bob', role: 'finance', email: 'bob' },
        password,
      ),
    ).rejects.toThrow(/an address such as/);

    await runUsersCommand('users:set-email', { file, username: 'ada', email: 'ada@ops.example' });
    const changed = readUsersFile(file).users[0]!;
    expect(changed.email).toBe('ada@ops.example');
    expect(operatorGeneration(changed)).toBe(operatorGeneration(added));

    await runUsersCommand('users:set-email', { file, username: 'ada', email: '' });
    expect(readUsersFile(file).users[0]!.email).toBeUndefined();
    await expect(runUsersCommand('users:set-email', { file, username: 'ada' })).rejects.toThrow(
      /--email is required/,
    );
  });
});

let demoFile: Promise<string> | undefined;

/**
 * Each kind of operators file through every command that writes one: a users file someone
 * annotated, and the demo operators' file with its passwords. What a command does not change
 * comes back byte for byte (issue 60 item 1, issue 67 item 4).
 */
describe.each([
  {
    kind: 'a users file with members the console does not know',
    file: () => {
      const file = join(mkdtempSync(join(tmpdir(), 'users-')), 'users.json');
      writeUsersFile(file, { users: [], comment: 'kept by ops' });
      return file;
    },
  },
  {
    kind: 'the demo operators’ file',
    file: async () => {
      // Made once (seven password hashes take seconds), copied for each test.
      demoFile ??= loadDemoOperators(mkdtempSync(join(tmpdir(), 'demo-'))).then((d) => d.file);
      const file = join(mkdtempSync(join(tmpdir(), 'demo-')), 'demo-operators.json');
      copyFileSync(await demoFile, file);
      return file;
    },
  },
])('$kind', ({ file: make }) => {
  const raw = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  /** Everything but the named operator's record and password. */
  const apartFrom = (json: Record<string, unknown>, username: string) => ({
    ...json,
    users: (json.users as { username: string }[]).filter((u) => u.username !== username),
    passwords: Object.fromEntries(
      Object.entries((json.passwords as Record<string, string> | undefined) ?? {}).filter(
        ([name]) => name !== username,
      ),
    ),
  });

  it('keeps every member no command changed', async () => {
    const file = await make();
    await runUsersCommand('users:add', { file, username: 'ada', role: 'finance' }, password);
    // Unknown to the console, written by hand: kept through every command.
    const json = raw(file);
    (json.users as Record<string, unknown>[]).find((u) => u.username === 'ada')!.desk = 'FX';
    writeFileSync(file, JSON.stringify(json));

    const steps: [string, Record<string, string>][] = [
      ['users:set-role', { role: 'support' }],
      ['users:set-email', { email: 'ada@example.com' }],
      ['users:link-sso', { identity: 'oidc:0123456789:ada' }],
      ['users:unlink-sso', {}],
      ['users:reset-password', {}],
      ['users:remove', {}],
    ];
    for (const [command, extra] of steps) {
      const before = raw(file);
      await runUsersCommand(command, { file, username: 'ada', ...extra }, password);
      const after = raw(file);
      expect(apartFrom(after, 'ada'), command).toEqual(apartFrom(before, 'ada'));
      const ada = (after.users as Record<string, unknown>[]).find((u) => u.username === 'ada');
      if (command !== 'users:remove') expect(ada?.desk, command).toBe('FX');
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('drops the kept password of an operator whose password changed or who left', async () => {
    const file = await make();
    const json = raw(file);
    const passwords = (json.passwords as Record<string, string> | undefined) ?? {};
    if (!passwords.finance) return; // only the demo operators' file keeps passwords
    await runUsersCommand('users:reset-password', { file, username: 'finance' }, password);
    expect(raw(file).passwords).not.toHaveProperty('finance');
    await runUsersCommand('users:remove', { file, username: 'viewer' });
    expect(raw(file).passwords).not.toHaveProperty('viewer');
    expect((raw(file).passwords as Record<string, string>).admin).toBe(passwords.admin);
  });
});
