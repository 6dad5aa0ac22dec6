import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { clientAddress } from './client-address';
import { allowedHosts, allowedOrigins, type ListenAddress } from './allowed-hosts';
import { sessionCookie, type SessionCookie } from '../sessions/session-cookie';
import type { Queryable } from '../db/db';
import { createCounterStore } from './counter-store';
import { createOperatorRateLimit, type OperatorRateLimit } from './operator-rate-limit';
import {
  createSignInThrottle,
  type SignInThrottle,
  type SignInThrottleOptions,
} from './sign-in-throttle';

/** The hardening settings of an app (from the environment in `start.ts`; defaults in tests). */
export interface SecurityOptions {
  /**
   * The origin the browser uses (`PUBLIC_URL`). `https://…` turns on the `__Host-` secure
   * cookie and HSTS; state-changing requests must come from exactly this origin.
   */
  publicOrigin?: string | undefined;
  /**
   * Where the BFF listens (`HOST`, `PORT`): with `publicOrigin`, the host names it answers to.
   * Read at the first request, so that a server on port 0 can fill in the port it got.
   */
  listen?: ListenAddress;
  /** Take the client address from the last `X-Forwarded-For` entry (behind a trusted proxy). */
  trustProxy?: boolean;
  signIn?: Partial<Omit<SignInThrottleOptions, 'now'>>;
  /** Sends per operator per minute (burst and refill). */
  sendRatePerMinute?: number;
  /** Reads of the service per operator per minute (burst and refill). */
  readRatePerMinute?: number;
  /** The largest request body under `/api`. */
  bodyLimitBytes?: number;
  /** The slow-down after failed sign-ins waits with it (tests: instant). */
  sleep?: (ms: number) => Promise<void>;
  /** Unix milliseconds, for the sign-in lock and the send rate (tests: a fake clock). */
  now?: () => number;
}

/** Defaults of the README: 5 failures of a username or 20 of an address lock for 15 minutes. */
export const SECURITY_DEFAULTS = {
  maxFailures: 5,
  addressMaxFailures: 20,
  lockMs: 15 * 60_000,
  sendRatePerMinute: 60,
  /**
   * A page of the SPA opens with a few reads (rarely ten), and a live record is read again at
   * most once a second, backing off to once in ten (`apps/web/src/lib/live-interval.ts`): an
   * operator with several pages open stays near 2 a second. 600 a minute (10 a second, and a
   * minute's worth at once) leaves that five times over, and stops a flood at a quarter of the
   * service budget of one endpoint (2400 a minute at 80 %).
   */
  readRatePerMinute: 600,
  bodyLimitBytes: 64 * 1024,
  /** Without a configured address (tests), what `app.request()` reaches: http://localhost. */
  listen: { host: '127.0.0.1', port: 80 },
} as const;

/** What the app's hardening needs at run time: one per app. */
export interface SecurityRuntime {
  https: boolean;
  origin: string | undefined;
  /** The `Host` values answered; any other gets 421 (read at the first request: PORT=0). */
  hosts: () => Set<string>;
  /** The origins a state-changing request may carry. */
  origins: () => Set<string>;
  cookie: SessionCookie;
  throttle: SignInThrottle;
  sendLimit: OperatorRateLimit;
  readLimit: OperatorRateLimit;
  bodyLimitBytes: number;
  clientAddress: (c: Context<AppEnv>) => string;
  sleep: ((ms: number) => Promise<void>) | undefined;
}

/**
 * Builds the hardening of one app from its options; its counters live in `db`, shared with every
 * other process on it.
 *
 * @example
 * const security = securityRuntime({ publicOrigin: 'https://console.example' }, db);
 * security.cookie.name; // '__Host-console_session'
 */
export function securityRuntime(options: SecurityOptions, db: Queryable): SecurityRuntime {
  const counters = createCounterStore(db, options.now ? { now: options.now } : {});
  const origin = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;
  const https = origin?.startsWith('https:') ?? false;
  let hosts: Set<string> | undefined;
  let origins: Set<string> | undefined;
  const hostsNow = () =>
    (hosts ??= allowedHosts(options.listen ?? SECURITY_DEFAULTS.listen, origin));
  return {
    https,
    origin,
    hosts: hostsNow,
    origins: () => (origins ??= allowedOrigins(hostsNow(), origin)),
    cookie: sessionCookie(https),
    throttle: createSignInThrottle(counters, {
      maxFailures: SECURITY_DEFAULTS.maxFailures,
      addressMaxFailures: SECURITY_DEFAULTS.addressMaxFailures,
      lockMs: SECURITY_DEFAULTS.lockMs,
      ...options.signIn,
      ...(options.now ? { now: options.now } : {}),
    }),
    sendLimit: createOperatorRateLimit(counters, {
      kind: 'send',
      perMinute: options.sendRatePerMinute ?? SECURITY_DEFAULTS.sendRatePerMinute,
    }),
    readLimit: createOperatorRateLimit(counters, {
      kind: 'read',
      perMinute: options.readRatePerMinute ?? SECURITY_DEFAULTS.readRatePerMinute,
    }),
    bodyLimitBytes: options.bodyLimitBytes ?? SECURITY_DEFAULTS.bodyLimitBytes,
    clientAddress: (c) => clientAddress(c, options.trustProxy ?? false),
    sleep: options.sleep,
  };
}
