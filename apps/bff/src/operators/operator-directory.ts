import { statSync, unwatchFile, watch, watchFile } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readUsersFile, type UserRecord } from './users-file';

/** Looks operators up by username. */
export interface OperatorDirectory {
  find(username: string): UserRecord | undefined;
  list(): UserRecord[];
  /** Stops watching the users file (file directories only). */
  close?(): void;
}

/** A fixed list (demo operators, tests). */
export function staticDirectory(users: UserRecord[]): OperatorDirectory {
  const byName = new Map(users.map((user) => [user.username, user]));
  return { find: (username) => byName.get(username), list: () => [...byName.values()] };
}

const stampOf = (path: string) => {
  const stat = statSync(path);
  return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
};

/**
 * The users file, read again when it changes on disk: `pnpm cli users:set-role`, `users:remove`
 * and the rest take effect in every running BFF that reads the file, without a restart and
 * without a look at the disk per request. The CLI replaces the file by a rename, so the watch is
 * on its folder; a one-second poll backs the watch up where file events do not arrive (network
 * file systems). A file made invalid while running keeps the last good list (the start-up check
 * already refused a bad one).
 */
export function fileDirectory(
  path: string,
  onReloadError?: (error: Error) => void,
): OperatorDirectory {
  let stamp = stampOf(path);
  let current = staticDirectory(readUsersFile(path).users);
  const reload = () => {
    try {
      const next = stampOf(path);
      if (next === stamp) return;
      current = staticDirectory(readUsersFile(path).users);
      stamp = next;
    } catch (error) {
      onReloadError?.(error as Error);
    }
  };
  const name = basename(path);
  const watcher = watch(dirname(path), { persistent: false }, (_, changed) => {
    if (!changed || changed === name) reload();
  });
  watcher.on('error', (error) => onReloadError?.(error));
  const poll = () => reload();
  watchFile(path, { interval: 1_000, persistent: false }, poll);
  return {
    find: (username) => current.find(username),
    list: () => current.list(),
    close() {
      watcher.close();
      unwatchFile(path, poll);
    },
  };
}
