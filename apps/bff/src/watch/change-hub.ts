/**
 * Wakes this process's streams when the change log grows. The log is in the database, written by
 * whichever process watches: the database's `NOTIFY` at commit tells every process at once, and
 * a look at the newest id every `pollMs` covers notices lost while a connection was down (and a
 * database without `LISTEN`). One look per process, not per stream: each stream then reads only
 * when there is something after its last id.
 */
import type { Db, Queryable } from '../db/db';
import { LIVE_CHANGE_CHANNEL, type ChangeReader } from './change-store';

export interface ChangeHub {
  /** Calls `wake` whenever the log may have grown; returns the function that stops it. */
  subscribe(wake: () => void): () => void;
}

export function createChangeHub(
  db: Queryable | Db,
  store: Pick<ChangeReader, 'lastId'>,
  options: { pollMs: number },
): ChangeHub {
  const subscribers = new Set<() => void>();
  let listening: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let newest = '';
  const wakeAll = () => subscribers.forEach((wake) => wake());

  async function look() {
    const last = await store.lastId().catch(() => newest);
    if (last !== newest) {
      newest = last;
      wakeAll();
    }
  }

  function start() {
    if ('listen' in db && !listening) {
      listening = db.listen(LIVE_CHANGE_CHANNEL, wakeAll, wakeAll).catch(() => undefined);
    }
    timer ??= setInterval(() => void look(), options.pollMs);
    timer.unref();
  }

  return {
    subscribe(wake) {
      subscribers.add(wake);
      start();
      return () => {
        subscribers.delete(wake);
        if (subscribers.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
