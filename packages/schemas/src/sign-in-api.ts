import { z } from 'zod';

/*
 * How an operator may sign in, as the sign-in page asks the BFF (`GET /api/session/options`), and
 * why a single sign-on came back refused (`/sign-in?sso=<reason>`).
 */

/** `GET /api/session/options`: what the sign-in page offers. */
export const SignInOptionsSchema = z.object({
  /** Single sign-on with the company's provider, offered first when configured. */
  sso: z.object({ provider_name: z.string(), start_path: z.string() }).nullable(),
  /**
   * The password form: `primary` when it is the way in, `break-glass` when single sign-on is the
   * way in and local operators are kept for when it fails, null when there are none.
   */
  password: z.enum(['primary', 'break-glass']).nullable(),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/**
 * Why a single sign-on ended without a session; the BFF sends the browser back to
 * `/sign-in?sso=<reason>` and the page says it in words.
 */
export const SSO_OUTCOMES = [
  /** The provider vouched for the person, but none of their groups is a console role. */
  'no-role',
  /**
   * The person is linked to a local operator (break-glass account) whose role differs from the
   * one the provider gives: one operator has one role.
   */
  'role-differs',
  /** The sign-in did not check out (state, nonce, token, code); the security events say which. */
  'failed',
  /** The person cancelled or the provider refused at its end. */
  'provider-refused',
  /** The sign-in was begun too long ago, or in another browser. */
  'expired',
  /** The provider could not be reached. */
  'unavailable',
  /** Too many sign-ins were begun from this address in a short time. */
  'busy',
  /** After signing out at the provider too. */
  'signed-out',
] as const;
export const SsoOutcomeSchema = z.enum(SSO_OUTCOMES);
export type SsoOutcome = z.infer<typeof SsoOutcomeSchema>;
