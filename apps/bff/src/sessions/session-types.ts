/**
 * What the rest of the console knows of sessions: a live session as the middleware sees it, a
 * single sign-on's facts, the idle clock's modes, a session as the sessions list shows it, and
 * the store's contract (`session-store.ts` keeps them in the database).
 */
import type { Role } from '@console/schemas';

/** A live session as the middleware sees it. */
export interface ActiveSession {
  id: string;
  username: string;
  /** The generation of the operator's record at sign-in (`operatorGeneration`). */
  generation: string;
  /** When it ends if nothing happens: the idle end or the absolute end, whichever is first. */
  expiresAt: Date;
  /** Its absolute end, which no activity moves. */
  endsAt: Date;
  /**
   * When the operator signed in (password or single sign-on alike: each makes a new session):
   * what "a fresh sign-in" is measured from, whatever the session's idle clock says.
   */
  signedInAt: Date;
  /** Set for a single sign-on: who the provider vouched for at sign-in. */
  sso: SsoSessionFacts | undefined;
}

/** What a single sign-on session knows of its operator (there is no users-file record for it). */
export interface SsoSessionFacts {
  /** The provider's person, namespaced by issuer (`ssoIdentity`). */
  identity: string;
  displayName: string;
  role: Role;
}

/** A single sign-on as the session store keeps it. */
export interface NewSsoSession extends SsoSessionFacts {
  /** The provider's session id (`sid`), which a back-channel logout may name. */
  sid: string | undefined;
  /** Kept sealed under the cookie's key, for the provider's logout. */
  idToken: string;
  /** The ID token's expiry: the session ends then at the latest. */
  endsBy: Date;
}

/**
 * What a request does to the idle clock. `active`: the operator did something (the clock
 * restarts, written at most once a `touchEveryMs`). `passive`: a poll the browser makes on its
 * own (work queue, approval count, the idle check itself), which must not keep an unattended
 * session alive. `extend`: "Stay signed in", written now whatever the last write.
 */
export type TouchMode = 'active' | 'passive' | 'extend';

/** A live session as its owner or an admin sees it in the sessions list. */
export interface LiveSession {
  id: string;
  username: string;
  createdAt: Date;
  /** As stored: it lags the last request by up to a minute (see `touch`). */
  lastSeenAt: Date;
  expiresAt: Date;
  clientAddress: string | null;
  userAgent: string | null;
}

/**
 * Sessions in the database. The browser holds a random 32-byte token; the database holds only
 * its SHA-256, so neither a database copy nor a log line can be replayed as a cookie. Live
 * sessions are also kept in memory for a few seconds (`session-cache.ts`), dropped the moment
 * any process ends them; the cache is used only while this process listens for those notices.
 */
export interface SessionStore {
  /**
   * Starts a session; returns the token for the cookie (shown nowhere else). A single sign-on
   * (`sso`) ends at the ID token's expiry if that comes before `SESSION_MAX_HOURS`.
   */
  create(
    username: string,
    generation: string,
    client: { address?: string | undefined; userAgent?: string | undefined },
    sso?: NewSsoSession,
  ): Promise<{ token: string; session: ActiveSession }>;
  /**
   * The live session of a token, its idle clock restarted (`mode`); undefined when unknown,
   * ended, idle too long or past its absolute end.
   */
  touch(token: string, mode?: TouchMode): Promise<ActiveSession | undefined>;
  /** Ends the session of a token on the server (the cookie is worthless from now on); its id. */
  end(token: string): Promise<string | undefined>;
  /**
   * The live sessions of `username`, or of everyone when it is undefined (admins), newest
   * first. Only the public id leaves this module: never the token's hash.
   */
  listLive(username: string | undefined): Promise<LiveSession[]>;
  /**
   * Ends a session by its public id; when `owner` is given, only if it is theirs. The session's
   * username, or undefined when there was no such live session (or not theirs).
   */
  endById(id: string, owner: string | undefined): Promise<string | undefined>;
  /**
   * Sessions another statement of this process ended (a back-channel logout): refused from the
   * next request on, without waiting for the database's notice.
   */
  forget(ids: readonly string[]): void;
  /**
   * Calls `listener` as soon as this process learns that a session changed or ended, by this
   * process or by another one (its notice): with the session's id, or undefined when notices
   * may have been lost and any session may have. Returns the function that stops it. A live
   * stream listens, so that it ends with its session rather than at its next heartbeat.
   */
  onChange(listener: (id: string | undefined) => void): () => void;
}
