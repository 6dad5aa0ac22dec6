/**
 * Slows down, then locks, sign-ins that keep failing: per username (typed, whether or not it
 * exists, so the lock says nothing about which accounts exist) and per client address (one
 * address guessing across many usernames). In memory: one BFF process per database (README), and
 * a restart forgetting a lock is a smaller harm than a table every sign-in must write.
 */

/** Limits of the throttle; the defaults are the README's. */
export interface SignInThrottleOptions {
  /** Failures of one username within `lockMs` that lock it. */
  maxFailures: number;
  /** Failures from one client address within `lockMs` that lock it: higher, as operators may share a NAT. */
  addressMaxFailures: number;
  /** How long a lock lasts, and the window failures are counted in. */
  lockMs: number;
  /** The first delay after a second failure; doubles with each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Unix milliseconds. */
  now?: () => number;
}

interface Counter {
  failures: number;
  firstAt: number;
  lockedUntil: number | undefined;
}

/** Entries kept before expired ones are swept: bounds the memory a flood of usernames can take. */
const SWEEP_AT = 10_000;

/** What a failure did. */
export interface FailureResult {
  /** Wait this long before answering: the slow-down. */
  delayMs: number;
  /** The keys this failure locked (`username` and/or `address`). */
  locked: ('username' | 'address')[];
}

/**
 * Creates the throttle.
 *
 * @example
 * const throttle = createSignInThrottle({ maxFailures: 5, addressMaxFailures: 20, lockMs: 900_000 });
 * const wait = throttle.lockedFor('ada', '10.0.0.7'); // undefined when not locked
 */
export function createSignInThrottle(options: SignInThrottleOptions) {
  const now = options.now ?? Date.now;
  const base = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 2_000;
  const counters = new Map<string, Counter>();
  const userKey = (username: string) => `u:${username.trim().toLowerCase()}`;
  const addressKey = (address: string) => `a:${address}`;

  /** The live counter of a key; a lock or a window that has passed starts afresh. */
  const live = (key: string, at: number): Counter | undefined => {
    const counter = counters.get(key);
    if (!counter) return undefined;
    const over =
      counter.lockedUntil !== undefined
        ? counter.lockedUntil <= at
        : at - counter.firstAt >= options.lockMs;
    if (over) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };

  const sweep = (at: number) => {
    if (counters.size < SWEEP_AT) return;
    for (const key of [...counters.keys()]) live(key, at);
    // Still full of live counters (a flood of names from many addresses): drop the oldest, unlocked
    // ones first, down to 90 %, so memory stays bounded and the next sweep is a while away.
    const target = SWEEP_AT * 0.9;
    for (const onlyUnlocked of [true, false]) {
      for (const [key, counter] of counters) {
        if (counters.size <= target) return;
        if (!onlyUnlocked || counter.lockedUntil === undefined) counters.delete(key);
      }
    }
  };

  const bump = (key: string, max: number, at: number): boolean => {
    const counter = live(key, at) ?? { failures: 0, firstAt: at, lockedUntil: undefined };
    counter.failures += 1;
    counters.set(key, counter);
    if (counter.failures >= max && counter.lockedUntil === undefined) {
      counter.lockedUntil = at + options.lockMs;
      return true;
    }
    return false;
  };

  return {
    /** How long (ms) this username or address stays locked, or undefined when neither is. */
    lockedFor(username: string, address: string): number | undefined {
      const at = now();
      const ends = [live(userKey(username), at), live(addressKey(address), at)]
        .map((counter) => counter?.lockedUntil)
        .filter((end): end is number => end !== undefined);
      return ends.length > 0 ? Math.max(...ends) - at : undefined;
    },

    /** Counts a failed sign-in and says how long to wait before answering. */
    fail(username: string, address: string): FailureResult {
      const at = now();
      sweep(at);
      const locked: FailureResult['locked'] = [];
      if (bump(userKey(username), options.maxFailures, at)) locked.push('username');
      if (bump(addressKey(address), options.addressMaxFailures, at)) locked.push('address');
      const failures = Math.max(
        counters.get(userKey(username))?.failures ?? 0,
        counters.get(addressKey(address))?.failures ?? 0,
      );
      // The first mistake costs nothing; then each one doubles the wait.
      const delayMs = failures <= 1 ? 0 : Math.min(maxDelay, base * 2 ** (failures - 2));
      return { delayMs, locked };
    },

    /** A good sign-in clears the username's count (not the address's: it may be guessing others). */
    succeed(username: string): void {
      counters.delete(userKey(username));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
