import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from './password';
import { loadDemoOperators, type DemoOperators } from './demo-operators';
import { UsersFileError } from './users-file';

const dataDir = () => mkdtempSync(join(tmpdir(), 'demo-operators-'));

// Seven password hashes take seconds: made once, copied where a test changes the file.
let made: ReturnType<typeof loadDemoOperators> | undefined;
const template = () => (made ??= loadDemoOperators(dataDir()));
async function copied(): Promise<{ dir: string; file: string; made: DemoOperators }> {
  const original = await template();
  const dir = dataDir();
  const file = join(dir, 'demo-operators.json');
  copyFileSync(original.file, file);
  return { dir, file, made: original };
}

describe('the demo operators', () => {
  it('are two admins, two finance operators, support, a viewer and an auditor, kept across starts', async () => {
    const first = await template();
    const dir = dirname(first.file);
    expect(first.users.map((u) => [u.username, u.role])).toEqual([
      ['admin', 'admin'],
      ['admin2', 'admin'],
      ['finance', 'finance'],
      ['finance2', 'finance'],
      ['support', 'support'],
      ['viewer', 'viewer'],
      ['auditor', 'auditor'],
    ]);
    expect(first.users.every((u) => u.email === `${u.username}@example.com`)).toBe(true);
    expect(await verifyPassword(first.passwords.admin2!, first.users[1]!.password_hash)).toBe(true);
    const again = await loadDemoOperators(dir);
    expect(again.users).toEqual(first.users);
    expect(again.passwords).toEqual(first.passwords);
  });

  it('top up a file of the earlier set once, keeping its operators and passwords', async () => {
    const { dir, file, made } = await copied();
    // As an earlier version wrote it: one operator per role, no emails, no mark.
    const old = made.users.filter((u) => !/2$/.test(u.username)).map(({ email: _e, ...u }) => u);
    const oldPasswords = { admin: made.passwords.admin, finance: made.passwords.finance };
    writeFileSync(file, JSON.stringify({ users: old, passwords: oldPasswords }));
    const topped = await loadDemoOperators(dir);
    expect(topped.users.map((u) => u.username)).toEqual([
      ...old.map((u) => u.username),
      'admin2',
      'finance2',
    ]);
    expect(topped.users[0]).toEqual({ ...old[0], email: 'admin@example.com' });
    expect(topped.passwords).toMatchObject(oldPasswords);
    expect(Object.keys(topped.passwords).sort()).toEqual([
      'admin',
      'admin2',
      'finance',
      'finance2',
    ]);
    // Marked: an operator removed afterwards is not made again.
    const json = JSON.parse(readFileSync(file, 'utf8')) as { users: { username: string }[] };
    json.users = json.users.filter((u) => u.username !== 'admin2');
    writeFileSync(file, JSON.stringify(json));
    expect((await loadDemoOperators(dir)).users.map((u) => u.username)).not.toContain('admin2');
  });

  it.each([
    [
      'a record with a bad role',
      (j: Record<string, unknown>) => {
        (j.users as Record<string, unknown>[])[1]!.role = 'boss';
      },
      /demo-operators\.json is not a valid users file:\n {2}- users\[1\] \(admin2\)\.role: .*\nFix: /,
    ],
    [
      'passwords that are not a map',
      (j: Record<string, unknown>) => {
        j.passwords = ['x'];
      },
      /demo-operators\.json: the member "passwords" must map usernames to passwords\.\nFix: /,
    ],
    ['text that is not JSON', undefined, /demo-operators\.json is not readable JSON .*Fix: /],
  ])('refuse %s, naming the file, the member and the fix', async (_, spoil, message) => {
    const { dir, file } = await copied();
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    spoil?.(json);
    writeFileSync(file, spoil ? JSON.stringify(json) : '{"users": [');
    const refused = loadDemoOperators(dir);
    await expect(refused).rejects.toThrow(UsersFileError);
    await expect(refused).rejects.toThrow(message);
  });

  it('start without a passwords member: those operators are shown without one', async () => {
    const { dir, file, made } = await copied();
    const { passwords: _dropped, ...json } = JSON.parse(readFileSync(file, 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(file, JSON.stringify(json));
    const loaded = await loadDemoOperators(dir);
    expect(loaded.users).toEqual(made.users);
    expect(loaded.passwords).toEqual({});
  });
});
