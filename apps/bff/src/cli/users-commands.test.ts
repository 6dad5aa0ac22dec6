import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../operators/password';
import { operatorGeneration, readUsersFile } from '../operators/users-file';
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
