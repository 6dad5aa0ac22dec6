import { randomBytes } from 'node:crypto';
import { PASSWORD_LENGTH, PasswordSchema, RoleSchema, type Role } from '@console/schemas';
import { hashPassword } from '../operators/password';
import {
  readUsersFile,
  writeUsersFile,
  UserRecordSchema,
  type UsersFile,
} from '../operators/users-file';
import { readNewPassword } from './read-password';

/** A refusal of a users command: printed as is, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

function role(value: string | undefined): Role {
  const parsed = RoleSchema.safeParse(value);
  if (!parsed.success) throw new CliError(`--role must be one of ${RoleSchema.options.join(', ')}`);
  return parsed.data;
}

/** A new password within the bounds, checked before it is hashed. */
async function boundedPassword(readPassword: () => Promise<string>): Promise<string> {
  const password = await readPassword();
  if (!PasswordSchema.safeParse(password).success) {
    throw new CliError(
      `The password must have ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`,
    );
  }
  return password;
}

/** A record as the file holds it: members the console does not know are kept. */
const StoredUserSchema = UserRecordSchema.loose();

/** A fresh generation: sessions begun under the previous one end (`operatorGeneration`). */
const generation = () => randomBytes(12).toString('base64url');

function required(name: string, value: string | undefined): string {
  if (!value) throw new CliError(`--${name} is required`);
  return value;
}

export interface UsersArgs {
  file?: string | undefined;
  username?: string | undefined;
  role?: string | undefined;
  'display-name'?: string | undefined;
  /** The single sign-on identity to link (`users:link-sso`). */
  identity?: string | undefined;
  /** Where notifications go by email (`users:add`, `users:set-email`; empty removes it). */
  email?: string | undefined;
}

/**
 * `users:add`, `users:remove`, `users:set-role`, `users:reset-password`, `users:set-email`,
 * `users:link-sso` and `users:unlink-sso` on a users file. A running BFF picks the change up on its next request (it
 * re-reads the file when it changes).
 */
export async function runUsersCommand(
  command: string,
  args: UsersArgs,
  readPassword: () => Promise<string> = readNewPassword,
): Promise<string> {
  const file = required('file', args.file);
  const username = required('username', args.username);
  const read = readUsersFile(file, command === 'users:add');
  const users = read.users;
  const index = users.findIndex((user) => user.username === username);
  const existing = users[index];
  // The file as read with `next` for its operators: every other member stays as it was.
  const write = (next: UsersFile['users']) => writeUsersFile(file, { ...read, users: next });
  // The demo operators' file keeps each password in clear for the start banner: an operator who
  // left, or whose password was changed here, loses theirs, which would no longer open anything.
  const forgetPassword = () => {
    const passwords = read.passwords;
    if (passwords && typeof passwords === 'object' && username in passwords) {
      const { [username]: _gone, ...rest } = passwords as Record<string, unknown>;
      read.passwords = rest;
    }
  };

  switch (command) {
    case 'users:add': {
      if (existing) throw new CliError(`${username} already exists in ${file}`);
      const record = UserRecordSchema.safeParse({
        username,
        display_name: args['display-name'] ?? username,
        role: role(args.role),
        password_hash: await hashPassword(await boundedPassword(readPassword)),
        generation: generation(),
        ...(args.email ? { email: args.email } : {}),
      });
      if (!record.success) throw new CliError(record.error.issues.map((i) => i.message).join('; '));
      write([...users, record.data]);
      return `Added ${username} (${record.data.role}) to ${file}.`;
    }
    case 'users:remove':
      if (!existing) throw new CliError(`${username} is not in ${file}`);
      forgetPassword();
      write(users.filter((_, i) => i !== index));
      return `Removed ${username} from ${file}; their sessions end at their next request.`;
    case 'users:set-role': {
      if (!existing) throw new CliError(`${username} is not in ${file}`);
      const next = role(args.role);
      users[index] = { ...existing, role: next, generation: generation() };
      write(users);
      return `${username} is now ${next}.`;
    }
    case 'users:reset-password':
      if (!existing) throw new CliError(`${username} is not in ${file}`);
      users[index] = {
        ...existing,
        password_hash: await hashPassword(await boundedPassword(readPassword)),
        generation: generation(),
      };
      forgetPassword();
      write(users);
      return `Set a new password for ${username}.`;
    case 'users:set-email': {
      // Where notifications go: no generation change, since an address grants nothing.
      if (!existing) throw new CliError(`${username} is not in ${file}`);
      if (args.email === undefined) throw new CliError('--email is required (empty to remove it)');
      const { email: _old, ...rest } = existing;
      const record = StoredUserSchema.safeParse(args.email ? { ...rest, email: args.email } : rest);
      if (!record.success) throw new CliError(record.error.issues.map((i) => i.message).join('; '));
      users[index] = record.data;
      write(users);
      return args.email
        ? `${username}'s notifications by email go to ${args.email}.`
        : `${username} has no email address now: chat and the console only.`;
    }
    case 'users:link-sso': {
      // The same person signing in through the provider becomes this operator: the maker-checker
      // rule then sees one person, whichever way they came in.
      if (!existing) throw new CliError(`${username} is not in ${file}`);
      const identity = required('identity', args.identity);
      const other = users.find((u) => u.sso_identity === identity && u.username !== username);
      if (other) throw new CliError(`${identity} is linked to ${other.username} already`);
      const record = StoredUserSchema.safeParse({ ...existing, sso_identity: identity });
      if (!record.success) throw new CliError(record.error.issues.map((i) => i.message).join('; '));
      users[index] = record.data;
      write(users);
      return `${username} and the single sign-on ${identity} are one operator now; its sign-ins must carry the role ${existing.role}.`;
    }
    case 'users:unlink-sso': {
      if (!existing) throw new CliError(`${username} is not in ${file}`);
      const { sso_identity: _gone, ...rest } = existing;
      users[index] = rest;
      write(users);
      return `${username} is no longer linked to a single sign-on; those sessions end at their next request.`;
    }
    default:
      throw new CliError(`Unknown command ${command}`);
  }
}
