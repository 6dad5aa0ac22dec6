/**
 * The live sessions this process has seen, so that a request does not cost a query. The database
 * stays the truth: a session that ends anywhere is announced (`console_session_changed`, a
 * trigger on the table, migration 010) and dropped here at once, and an entry is trusted for a
 * few seconds at most, which bounds what a notice lost with a dropped connection can cost.
 * Only "alive" answers are kept: a token that is unknown or ended always goes to the database.
 */
import type { Db } from '../db/db';

/** What the cache needs of a session (times in Unix ms); the store keeps more beside it. */
export interface CachedSession {
  id: string;
  username: string;
  /** `last_seen_at` as this process last read or wrote it; the database may hold a later one. */
  lastSeenMs: number;
  /** The absolute end. */
  endsMs: number;
}

/** How long an entry is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Sessions kept at most: operators are few, and only valid tokens get in. */
const MAX_ENTRIES = 10_000;

export function createSessionCache<S extends CachedSession = CachedSession>(options: {
  now: () => number;
  maxAgeMs?: number;
}) {
  const maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MS;
  const byHash = new Map<string, { session: S; cachedMs: number }>();
  const hashById = new Map<string, string>();
  // Bumped by every notice: a read that overlapped one may hold what the notice revoked.
  let epoch = 0;
  const listeners = new Set<(id: string | undefined) => void>();
  const tell = (id: string | undefined) => listeners.forEach((listener) => listener(id));

  const drop = (hash: string) => {
    const entry = byHash.get(hash);
    if (!entry) return;
    byHash.delete(hash);
    hashById.delete(entry.session.id);
  };

  return {
    /** The entry of a token's hash while it may be trusted. */
    get(hash: string): S | undefined {
      const entry = byHash.get(hash);
      if (!entry) return undefined;
      if (options.now() - entry.cachedMs >= maxAgeMs) {
        drop(hash);
        return undefined;
      }
      return entry.session;
    },

    /** The current epoch, read before a database read whose answer may be cached. */
    epoch: () => epoch,

    /**
     * Keeps what a read found, unless a notice arrived since `readEpoch` (it may be about this
     * very session, and the read may predate it).
     */
    set(hash: string, session: S, readEpoch: number): void {
      if (readEpoch !== epoch) return;
      if (byHash.size >= MAX_ENTRIES) {
        const oldest = byHash.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      drop(hash);
      byHash.set(hash, { session, cachedMs: options.now() });
      hashById.set(session.id, hash);
    },

    /** A session changed or ended (a notice, or this process ending it). */
    forget(id: string): void {
      epoch += 1;
      const hash = hashById.get(id);
      if (hash !== undefined) drop(hash);
      tell(id);
    },

    /** Notices may have been lost: nothing kept can be trusted. */
    clear(): void {
      epoch += 1;
      byHash.clear();
      hashById.clear();
      tell(undefined);
    },

    /**
     * Calls `listener` after every `forget` (with the session's id, whether kept here or not)
     * and `clear` (undefined: any session may have ended); returns the function that stops it.
     * What holds a session open beyond one request (a live stream) looks at it again then.
     */
    onChange(listener: (id: string | undefined) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    get size(): number {
      return byHash.size;
    },
  };
}

export type SessionCache = Pick<ReturnType<typeof createSessionCache>, 'forget' | 'clear'>;

/**
 * Keeps `cache` in step with the notices on `channel` (a session's id each). `trusted()` is true
 * only while listening: before the first confirmation, or after listening failed, every request
 * asks the database. `start()` is cheap to call on every request: it listens once.
 */
export function followNotices(db: Pick<Db, 'listen'>, channel: string, cache: SessionCache) {
  let listening: Promise<void> | undefined;
  let trusted = false;
  return {
    start(): void {
      listening ??= db
        .listen(
          channel,
          (id) => cache.forget(id),
          () => {
            // (Re)connected: what was missed while down cannot be known.
            cache.clear();
            trusted = true;
          },
        )
        .then(
          () => {},
          () => {
            // Not listening: every request asks the database, and a later one tries again.
            trusted = false;
            listening = undefined;
          },
        );
    },
    trusted: () => trusted,
  };
}
