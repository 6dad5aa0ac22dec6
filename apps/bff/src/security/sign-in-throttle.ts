/**
 * The sign-in throttle. Every attempt is reserved in the database BEFORE its password is checked,
 * so a burst of concurrent guesses cannot all be evaluated: only the first `maxFailures` of one
 * username from one source get a password check, the rest are refused unread. Counted per
 * username and source together (a lock keeps that source out of that account, not the account's
 * owner elsewhere), per source (one source guessing across usernames), and per username from
 * anywhere, which never locks but slows every failure down, growing. Shared by every BFF process
 * on the database (`counter-store.ts`).
 */
import { createHash } from 'node:crypto';
import type { CounterHit, CounterStore } from './counter-store';

/** Limits of the throttle; the defaults are the README's. */
export interface SignInThrottleOptions {
  /** Failures of one username from one source, within `lockMs`, after which that pair locks. */
  maxFailures: number;
  /** Failures from one source within `lockMs` that lock it: higher, as operators may share a NAT. */
  addressMaxFailures: number;
  /** How long a lock lasts, and the window attempts are counted in. */
  lockMs: number;
  /** The first delay after a second failure; doubles with each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Unix milliseconds (the counters' clock). */
  now?: () => number;
}

/** An attempt allowed to check its password. */
export interface Reservation {
  username: string;
  address: string;
  /** Attempts of this username from anywhere in the window, this one included. */
  usernameAttempts: number;
  pairAttempts: number;
  addressAttempts: number;
}

/** What reserving an attempt said. */
export type ReserveResult =
  { allowed: true; reservation: Reservation } | { allowed: false; retryAfterMs: number };

/** What a failure did. */
export interface FailureResult {
  /** Wait this long before answering: the slow-down. */
  delayMs: number;
  /** What this failure used up the last attempt of (`username and source`, `source`). */
  locked: string[];
}

/**
 * Creates the throttle over the shared counters.
 *
 * @example
 * const throttle = createSignInThrottle(counters, { maxFailures: 5, addressMaxFailures: 20, lockMs: 900_000 });
 * const result = await throttle.reserve('ada', '10.0.0.7');
 */
export function createSignInThrottle(counters: CounterStore, options: SignInThrottleOptions) {
  const base = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 2_000;
  const now = options.now ?? Date.now;
  // Keys hold a hash of the typed name, never the name: it may be a password typed in the wrong
  // field, and the counters table is no place to keep one for the length of a window.
  const name = (username: string) =>
    createHash('sha256').update(username.trim().toLowerCase(), 'utf8').digest('base64url');
  const keys = (username: string, address: string) => ({
    pair: `sign-in:pair:${address}|${name(username)}`,
    address: `sign-in:address:${address}`,
    username: `sign-in:username:${name(username)}`,
  });
  const counter = (key: string, maxHits: number | null): CounterHit => ({
    key,
    maxHits,
    windowMs: options.lockMs,
    lockMs: options.lockMs,
  });

  return {
    /** How long a lock lasts. */
    lockMs: options.lockMs,

    /**
     * Counts the attempt (as a failure until it proves otherwise) and says whether it may check
     * its password: not when its username-and-source or its source is past the limit.
     */
    async reserve(username: string, address: string): Promise<ReserveResult> {
      const k = keys(username, address);
      const states = await counters.hit([
        counter(k.pair, options.maxFailures),
        counter(k.address, options.addressMaxFailures),
        counter(k.username, null),
      ]);
      const locks = [states.get(k.pair), states.get(k.address)]
        .map((state) => state?.lockedUntil)
        .filter((end): end is number => end !== undefined);
      if (locks.length > 0) return { allowed: false, retryAfterMs: Math.max(...locks) - now() };
      return {
        allowed: true,
        reservation: {
          username,
          address,
          usernameAttempts: states.get(k.username)?.hits ?? 1,
          pairAttempts: states.get(k.pair)?.hits ?? 1,
          addressAttempts: states.get(k.address)?.hits ?? 1,
        },
      };
    },

    /** The attempt failed: how long to wait before answering, and what it used up. */
    failed(reservation: Reservation): FailureResult {
      const locked: string[] = [];
      if (reservation.pairAttempts >= options.maxFailures) locked.push('username and source');
      if (reservation.addressAttempts >= options.addressMaxFailures) locked.push('source');
      const failures = Math.max(reservation.usernameAttempts, reservation.pairAttempts);
      // The first mistake costs nothing; then each one doubles the wait.
      const delayMs = failures <= 1 ? 0 : Math.min(maxDelay, base * 2 ** (failures - 2));
      return { delayMs, locked };
    },

    /**
     * The password was right. It counts only when no attempt of the same burst went past a limit
     * meanwhile (then it is refused like them); counting clears the username-and-source, and
     * takes this attempt off the source's and the username's counts (operators behind one NAT
     * signing in are not failures).
     */
    async succeeded(reservation: Reservation): Promise<boolean> {
      const k = keys(reservation.username, reservation.address);
      return counters.resetUnlessLocked(k.pair, [k.address, k.username]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
