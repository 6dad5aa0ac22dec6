import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES } from '@console/schemas';
import { hashPassword } from './password';
import { UserRecordSchema, type UserRecord } from './users-file';

/** The demo operators of sandbox mode, with their passwords (shown to the person starting it). */
export interface DemoOperators {
  users: UserRecord[];
  passwords: Record<string, string>;
  file: string;
}

const DISPLAY: Record<(typeof ROLES)[number], string> = {
  admin: 'Demo Admin',
  finance: 'Demo Finance',
  support: 'Demo Support',
  viewer: 'Demo Viewer',
  auditor: 'Demo Auditor',
};

/**
 * One operator per role, username = role. Passwords are generated on the first start and kept in
 * `DATA_DIR/demo-operators.json` (mode 0600), so that they stay the same across restarts. Only
 * ever used with the embedded sandbox.
 */
export async function loadDemoOperators(dataDir: string): Promise<DemoOperators> {
  const file = join(dataDir, 'demo-operators.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Omit<DemoOperators, 'file'>;
    return {
      users: saved.users.map((u) => UserRecordSchema.parse(u)),
      passwords: saved.passwords,
      file,
    };
  }
  const passwords: Record<string, string> = {};
  const users = await Promise.all(
    ROLES.map(async (role) => {
      const password = randomBytes(12).toString('base64url');
      passwords[role] = password;
      return {
        username: role,
        display_name: DISPLAY[role],
        role,
        password_hash: await hashPassword(password),
      };
    }),
  );
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ users, passwords }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { users, passwords, file };
}
