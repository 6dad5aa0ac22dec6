import type { Operator } from '@console/schemas';
import type { Permission } from './access/permissions';

/** What a request carries through the middleware chain. */
export interface RequestVariables {
  /** The id of this request, echoed in `X-Request-Id`, every problem body and the log line. */
  requestId: string;
  /** The signed-in operator, set by the session middleware. */
  operator: Operator | undefined;
  /** The id (not the token) of the session, set by the session middleware. */
  sessionId: string | undefined;
  /** When the session ends if idle from now on. */
  sessionExpiresAt: Date | undefined;
  /** The session's absolute end, which no activity moves. */
  sessionEndsAt: Date | undefined;
  /** When the session's operator signed in: a passkey is registered only soon after. */
  sessionSignedInAt: Date | undefined;
  /** The session began with a single sign-on through the company's provider. */
  ssoSession: boolean | undefined;
  /** What this route needs, from the route table. */
  permission: Permission;
  /** Extra members of this request's log line (operation, ref_id, journal id). */
  logFields: Record<string, unknown>;
}

/** Hono's environment type for the BFF's app. */
export interface AppEnv {
  Variables: RequestVariables;
}
