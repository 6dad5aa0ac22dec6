import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@console/schemas';
import { hashPassword } from './password';
import {
  readUsersFile,
  writeUsersFile,
  UsersFileError,
  type UserRecord,
  type UsersFile,
} from './users-file';

/** The demo operators of sandbox mode, with their passwords (shown to the person starting it). */
export interface DemoOperators {
  users: UserRecord[];
  /** By username; an operator whose password was set with the CLI has none here. */
  passwords: Record<string, string>;
  file: string;
}

/**
 * Two of each role that makes and checks (admin for policy versions and book entries, finance
 * for sends, batches and transfers above 10,000 USD), so that every four-eyes path can be tried
 * on the demo (issue 67), and one of each other role.
 */
export const DEMO_OPERATORS: readonly { username: string; display_name: string; role: Role }[] = [
  { username: 'admin', display_name: 'Demo Admin', role: 'admin' },
  { username: 'admin2', display_name: 'Demo Second Admin', role: 'admin' },
  { username: 'finance', display_name: 'Demo Finance', role: 'finance' },
  { username: 'finance2', display_name: 'Demo Second Finance', role: 'finance' },
  { username: 'support', display_name: 'Demo Support', role: 'support' },
  { username: 'viewer', display_name: 'Demo Viewer', role: 'viewer' },
  { username: 'auditor', display_name: 'Demo Auditor', role: 'auditor' },
];

/**
 * The set of demo operators a file was made with. A file of an earlier set (one per role) gets
 * the operators it lacks once, and is marked: an operator removed afterwards stays removed.
 */
const DEMO_SET = 2;

async function demoOperator(
  spec: (typeof DEMO_OPERATORS)[number],
): Promise<{ user: UserRecord; password: string }> {
  const password = randomBytes(12).toString('base64url');
  return {
    user: {
      ...spec,
      password_hash: await hashPassword(password),
      // Notifications work in the demo out of the box, to addresses that go nowhere.
      email: `${spec.username}@example.com`,
    },
    password,
  };
}

/** The file's `passwords`, or a refusal naming the member and the fix. */
function passwordsOf(file: string, read: UsersFile): Record<string, string> {
  const passwords = read.passwords;
  if (passwords === undefined) return {};
  const valid =
    passwords !== null &&
    typeof passwords === 'object' &&
    !Array.isArray(passwords) &&
    Object.values(passwords).every((p) => typeof p === 'string');
  if (!valid) {
    throw new UsersFileError(
      `${file}: the member "passwords" must map usernames to passwords.\nFix: delete that member (the demo operators keep their passwords; set new ones with \`pnpm cli users:reset-password --file ${file} --username …\`), or delete the file for new demo operators.`,
    );
  }
  return passwords as Record<string, string>;
}

/**
 * The demo operators, kept in `DATA_DIR/demo-operators.json` (mode 0600) with their passwords in
 * clear, so that they stay the same across restarts and the start can print them. The file is a
 * users file: the `pnpm cli users:*` commands work on it and keep what they do not change. Only
 * ever used with the embedded sandbox.
 */
export async function loadDemoOperators(dataDir: string): Promise<DemoOperators> {
  const file = join(dataDir, 'demo-operators.json');
  const read: UsersFile = existsSync(file) ? readUsersFile(file) : { users: [] };
  const passwords = { ...passwordsOf(file, read) };
  if (read.demo_set === DEMO_SET) return { users: read.users, passwords, file };

  const users = [...read.users];
  for (const spec of DEMO_OPERATORS) {
    const index = users.findIndex((u) => u.username === spec.username);
    const existing = users[index];
    if (existing) {
      if (!existing.email) users[index] = { ...existing, email: `${spec.username}@example.com` };
      continue;
    }
    const made = await demoOperator(spec);
    users.push(made.user);
    passwords[made.user.username] = made.password;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeUsersFile(file, { ...read, users, passwords, demo_set: DEMO_SET });
  return { users, passwords, file };
}
