import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { RoleSchema, type Operator } from '@console/schemas';
import { z } from 'zod';
import { isPasswordHash } from './password';

/** An email address as the console keeps one: one `@`, no spaces or angle brackets, at most 254. */
export const EmailSchema = z
  .string()
  .max(254)
  .regex(/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/, {
    error: 'email: an address such as ada@example.com',
  });

/** True for a time zone Intl knows by name (`Europe/London`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One operator as the users file holds it. */
export const UserRecordSchema = z.object({
  username: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, {
    error: 'Username: lower-case letters, digits, dot, dash or underscore, at most 64',
  }),
  display_name: z.string().min(1).max(100),
  role: RoleSchema,
  password_hash: z.string().refine(isPasswordHash, { error: 'password_hash is not a scrypt hash' }),
  /**
   * Random, renewed by the CLI at every add, role change and password reset: sessions begun
   * before it changed are dead (see `operatorGeneration`).
   */
  generation: z.string().max(100).optional(),
  /**
   * The same person's single sign-on (`oidc:<issuer tag>:<sub>`, as the security events and the
   * sessions list name it): a sign-in through the provider with it is this operator, so the
   * maker-checker rule sees one person. Set with `pnpm cli users:link-sso`.
   */
  sso_identity: z
    .string()
    .regex(/^oidc:[0-9a-f]{10}:.{1,255}$/, { error: 'sso_identity: oidc:<issuer tag>:<subject>' })
    .optional(),
  /**
   * Where this operator's notifications go by email (issue 36); without one, only the chat
   * channel and the console itself reach them. Not part of the record's generation: changing it
   * ends no session.
   */
  email: EmailSchema.optional(),
  /**
   * The operator's time zone (IANA, `Europe/London`): the times in their emails are said in it,
   * as their browser shows them on the page; without one, in UTC, labelled.
   */
  time_zone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: 'time_zone: an IANA time zone such as Europe/London' })
    .optional(),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

/**
 * A users file as written: members the console does not know (the demo operators' `passwords`,
 * a note someone added to a record) are kept through a read and a write, so that no command
 * drops what it did not set out to change (issue 60, item 1).
 */
export const UsersFileSchema = z
  .looseObject({ users: z.array(UserRecordSchema.loose()) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.users.forEach((user, index) => {
      if (seen.has(user.username)) {
        ctx.addIssue({ code: 'custom', path: ['users', index, 'username'], message: 'duplicate' });
      }
      seen.add(user.username);
      if (
        user.sso_identity &&
        file.users.findIndex((u) => u.sso_identity === user.sso_identity) !== index
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['users', index, 'sso_identity'],
          message: 'linked to another operator already',
        });
      }
    });
  });
export type UsersFile = z.infer<typeof UsersFileSchema>;

/**
 * A users file that cannot be used: the message names the file, each bad member and the fix, and
 * is what an operator reads (the start prints it alone, no stack trace).
 */
export class UsersFileError extends Error {
  override readonly name = 'UsersFileError';
}

/** `users.2.role` as a person reads it: the operator's username where there is one. */
function memberName(json: unknown, path: PropertyKey[]): string {
  const [list, index, ...rest] = path;
  if (list !== 'users' || typeof index !== 'number') return path.map(String).join('.') || 'file';
  const users = (json as { users?: unknown }).users;
  const user = Array.isArray(users)
    ? (users[index] as { username?: unknown } | undefined)
    : undefined;
  const who =
    typeof user?.username === 'string' ? `users[${index}] (${user.username})` : `users[${index}]`;
  return rest.length > 0 ? `${who}.${rest.map(String).join('.')}` : who;
}

/** Reads and validates a users file; a missing file is an empty list when `allowMissing`. */
export function readUsersFile(path: string, allowMissing = false): UsersFile {
  if (allowMissing && !existsSync(path)) return { users: [] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsersFileError(
      `${path} is not readable JSON (${(error as Error).message}). Fix: correct the file by hand, or restore it from a copy; \`pnpm cli users:*\` commands write it whole.`,
    );
  }
  const parsed = UsersFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${memberName(json, i.path)}: ${i.message}`);
    throw new UsersFileError(
      `${path} is not a valid users file:\n  - ${problems.join('\n  - ')}\nFix: correct those members in the file, or remove the operator and add them again with \`pnpm cli users:remove\` and \`pnpm cli users:add\`.`,
    );
  }
  return parsed.data;
}

/**
 * Writes a users file atomically (temp file, fsync, rename), readable by its owner only. Pass the
 * file as read with the change made: members it does not name are written back as they were.
 */
export function writeUsersFile(path: string, file: UsersFile): void {
  const temp = `${path}.${process.pid}.tmp`;
  const text = `${JSON.stringify(UsersFileSchema.parse(file), null, 2)}\n`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** The operator as the rest of the BFF and the browser see it (no hash). */
export function toOperator(user: UserRecord): Operator {
  return { username: user.username, display_name: user.display_name, role: user.role };
}

/**
 * The generation of an operator's record, which every session is bound to at sign-in: it changes
 * when the operator is removed and added again (a new salt, a new `generation`), given another
 * role, or a new password, so a session begun before is dead at its next request. A users file
 * written by hand without `generation` still changes it on all three. Linking or unlinking a
 * single sign-on (`sso_identity`) changes it too; a record without one hashes as it always did.
 */
export function operatorGeneration(user: UserRecord): string {
  return createHash('sha256')
    .update(
      [
        user.username,
        user.role,
        user.password_hash,
        user.generation ?? '',
        ...(user.sso_identity ? [user.sso_identity] : []),
      ].join('\n'),
    )
    .digest('hex')
    .slice(0, 32);
}
