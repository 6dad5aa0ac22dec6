import { statSync } from 'node:fs';
import { readUsersFile, type UserRecord } from './users-file';

/** Looks operators up by username. */
export interface OperatorDirectory {
  find(username: string): UserRecord | undefined;
  list(): UserRecord[];
}

/** A fixed list (demo operators, tests). */
export function staticDirectory(users: UserRecord[]): OperatorDirectory {
  const byName = new Map(users.map((user) => [user.username, user]));
  return { find: (username) => byName.get(username), list: () => [...byName.values()] };
}

/**
 * The users file, re-read when it changes on disk: `pnpm cli users:set-role` or `users:remove`
 * take effect on the next request of a running BFF, without a restart. A file made invalid
 * while running keeps the last good list (the start-up check already refused a bad one).
 */
export function fileDirectory(
  path: string,
  onReloadError?: (error: Error) => void,
): OperatorDirectory {
  let stamp = '';
  let current = staticDirectory([]);
  const refresh = () => {
    try {
      const stat = statSync(path);
      const next = `${stat.mtimeMs}:${stat.size}`;
      if (next === stamp) return;
      current = staticDirectory(readUsersFile(path).users);
      stamp = next;
    } catch (error) {
      if (!stamp) throw error;
      onReloadError?.(error as Error);
    }
  };
  refresh();
  return {
    find: (username) => (refresh(), current.find(username)),
    list: () => (refresh(), current.list()),
  };
}
