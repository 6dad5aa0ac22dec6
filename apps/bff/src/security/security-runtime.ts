import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { clientAddress } from './client-address';
import { sessionCookie, type SessionCookie } from '../sessions/session-cookie';
import { createSendRateLimit, type SendRateLimit } from './send-rate-limit';
import {
  createSignInThrottle,
  type SignInThrottle,
  type SignInThrottleOptions,
} from './sign-in-throttle';

/** The hardening settings of an app (from the environment in `start.ts`; defaults in tests). */
export interface SecurityOptions {
  /**
   * The origin the browser uses (`PUBLIC_URL`). `https://…` turns on the `__Host-` secure
   * cookie and HSTS, and state-changing requests must come from exactly this origin. Unset: the
   * origin each request was addressed to, over plain HTTP.
   */
  publicOrigin?: string | undefined;
  /** Take the client address from the last `X-Forwarded-For` entry (behind a trusted proxy). */
  trustProxy?: boolean;
  signIn?: Partial<Omit<SignInThrottleOptions, 'now'>>;
  /** Sends per operator per minute (burst and refill). */
  sendRatePerMinute?: number;
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
  bodyLimitBytes: 64 * 1024,
} as const;

/** What the app's hardening needs at run time: one per app, state included (locks, buckets). */
export interface SecurityRuntime {
  https: boolean;
  origin: string | undefined;
  cookie: SessionCookie;
  throttle: SignInThrottle;
  sendLimit: SendRateLimit;
  bodyLimitBytes: number;
  clientAddress: (c: Context<AppEnv>) => string;
  sleep: ((ms: number) => Promise<void>) | undefined;
}

/**
 * Builds the hardening of one app from its options.
 *
 * @example
 * const security = securityRuntime({ publicOrigin: 'https://console.example' });
 * security.cookie.name; // '__Host-console_session'
 */
export function securityRuntime(options: SecurityOptions = {}): SecurityRuntime {
  const origin = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;
  const https = origin?.startsWith('https:') ?? false;
  const now = options.now ?? Date.now;
  return {
    https,
    origin,
    cookie: sessionCookie(https),
    throttle: createSignInThrottle({
      maxFailures: SECURITY_DEFAULTS.maxFailures,
      addressMaxFailures: SECURITY_DEFAULTS.addressMaxFailures,
      lockMs: SECURITY_DEFAULTS.lockMs,
      ...options.signIn,
      now,
    }),
    sendLimit: createSendRateLimit({
      perMinute: options.sendRatePerMinute ?? SECURITY_DEFAULTS.sendRatePerMinute,
      now,
    }),
    bodyLimitBytes: options.bodyLimitBytes ?? SECURITY_DEFAULTS.bodyLimitBytes,
    clientAddress: (c) => clientAddress(c, options.trustProxy ?? false),
    sleep: options.sleep,
  };
}
