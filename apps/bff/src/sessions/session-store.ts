/**
 * The sessions in the database (`SessionStore`, `session-types.ts`): only each token's SHA-256 is
 * stored, live sessions are kept in memory for a few seconds while this process listens for the
 * notices that end them, and the idle clock is written at most once a minute.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@console/schemas';
import type { Db } from '../db/db';
import { seal } from '../oidc/sealed-token';
import { createSessionCache, followNotices, type CachedSession } from './session-cache';
import type {
  ActiveSession,
  LiveSession,
  NewSsoSession,
  SessionStore,
  SsoSessionFacts,
  TouchMode,
} from './session-types';

/** A live session as this process keeps it between requests. */
type KeptSession = CachedSession & Pick<ActiveSession, 'generation' | 'sso' | 'signedInAt'>;

/** What the sessions table's trigger announces (migration 010): a session's id. */
export const SESSION_CHANNEL = 'console_session_changed';

interface SessionRow {
  id: string;
  username: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  client_address: string | null;
  user_agent: string | null;
}

interface LiveRow {
  id: string;
  username: string;
  generation: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  method: 'password' | 'sso';
  display_name: string | null;
  role: Role | null;
  sso_identity: string | null;
}

const LIVE_COLUMNS =
  'id, username, generation, created_at, last_seen_at, expires_at, method, display_name, role, sso_identity';

const ssoOf = (row: LiveRow): SsoSessionFacts | undefined =>
  row.method === 'sso' && row.sso_identity && row.display_name && row.role
    ? { identity: row.sso_identity, displayName: row.display_name, role: row.role }
    : undefined;

/** The most `last_seen_at` may lag the last request (see `touch`). */
const TOUCH_EVERY_MS = 60_000;

export const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function createSessionStore(
  db: Db,
  options: { idleMs: number; maxMs: number; now?: () => Date },
): SessionStore {
  const now = options.now ?? (() => new Date());
  // At most a minute, and at most a tenth of the idle timeout (short timeouts in tests).
  const touchEveryMs = Math.min(TOUCH_EVERY_MS, options.idleMs / 10);
  const expiry = (lastSeen: Date, expiresAt: Date) =>
    new Date(Math.min(lastSeen.getTime() + options.idleMs, expiresAt.getTime()));
  const cache = createSessionCache<KeptSession>({ now: () => now().getTime() });
  const notices = followNotices(db, SESSION_CHANNEL, cache);

  const toActive = (session: KeptSession): ActiveSession => ({
    id: session.id,
    username: session.username,
    generation: session.generation,
    expiresAt: expiry(new Date(session.lastSeenMs), new Date(session.endsMs)),
    endsAt: new Date(session.endsMs),
    signedInAt: session.signedInAt,
    sso: session.sso,
  });

  return {
    async create(
      username: string,
      generation: string,
      client: { address?: string | undefined; userAgent?: string | undefined },
      sso?: NewSsoSession,
    ) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const maxEnd = at.getTime() + options.maxMs;
      const expiresAt = new Date(sso ? Math.min(maxEnd, sso.endsBy.getTime()) : maxEnd);
      const id = randomUUID();
      await db.query(
        `insert into sessions (id, token_sha256, username, created_at, last_seen_at, expires_at,
           client_address, user_agent, generation, method, display_name, role, sso_identity,
           sso_sid, id_token_sealed)
         values ($1, $2, $3, $4::timestamptz, $4::timestamptz, $5::timestamptz, $6, $7, $8, $9,
           $10, $11, $12, $13, $14)`,
        [
          id,
          sha256(token),
          username,
          at.toISOString(),
          expiresAt.toISOString(),
          client.address ?? null,
          client.userAgent?.slice(0, 300) ?? null,
          generation,
          sso ? 'sso' : 'password',
          sso?.displayName ?? null,
          sso?.role ?? null,
          sso?.identity ?? null,
          sso?.sid ?? null,
          sso ? seal(token, sso.idToken) : null,
        ],
      );
      const facts = sso
        ? { identity: sso.identity, displayName: sso.displayName, role: sso.role }
        : undefined;
      return {
        token,
        session: {
          id,
          username,
          generation,
          expiresAt: expiry(at, expiresAt),
          endsAt: expiresAt,
          signedInAt: at,
          sso: facts,
        },
      };
    },

    // Why not one UPDATE per request: every write is a durable commit, and this runs on every
    // request (it was a third of a send's database time). So it reads, and writes `last_seen_at`
    // only when the stored one is at least `touchEveryMs` old (a minute against the 15-minute
    // idle timeout). The idle check always uses the stored value, which lags the last request by
    // less than `touchEveryMs`: a session idles out up to that much EARLIER than the idle
    // timeout, never later. The write repeats every check of the read, so a session ended or
    // expired in between is not revived.
    async touch(token: string, mode: TouchMode = 'active'): Promise<ActiveSession | undefined> {
      const at = now();
      const hash = sha256(token);
      notices.start();
      const cached = notices.trusted() ? cache.get(hash) : undefined;
      if (cached) {
        // The database's last_seen_at is this one or later, and an end would have been
        // announced: alive here is alive there.
        const alive = at.getTime() < Math.min(cached.lastSeenMs + options.idleMs, cached.endsMs);
        const write =
          mode === 'extend' ||
          (mode === 'active' && at.getTime() - cached.lastSeenMs >= touchEveryMs);
        if (alive && !write) return toActive(cached);
      }
      const readEpoch = cache.epoch();
      const remember = (row: LiveRow, lastSeenMs: number) =>
        cache.set(
          hash,
          {
            id: row.id,
            username: row.username,
            generation: row.generation,
            signedInAt: new Date(row.created_at),
            sso: ssoOf(row),
            lastSeenMs,
            endsMs: new Date(row.expires_at).getTime(),
          },
          readEpoch,
        );
      const idleSince = new Date(at.getTime() - options.idleMs).toISOString();
      const live = await db.query<LiveRow>(
        `select ${LIVE_COLUMNS} from sessions
         where token_sha256 = $1 and ended_at is null and expires_at > $2::timestamptz
           and last_seen_at > $3::timestamptz`,
        [hash, at.toISOString(), idleSince],
      );
      const seen = live[0];
      if (!seen) return undefined;
      const lastSeen = new Date(seen.last_seen_at);
      if (
        mode === 'passive' ||
        (mode === 'active' && at.getTime() - lastSeen.getTime() < touchEveryMs)
      ) {
        remember(seen, lastSeen.getTime());
        const endsAt = new Date(seen.expires_at);
        return {
          id: seen.id,
          username: seen.username,
          generation: seen.generation,
          expiresAt: expiry(lastSeen, endsAt),
          endsAt,
          signedInAt: new Date(seen.created_at),
          sso: ssoOf(seen),
        };
      }
      const rows = await db.query<LiveRow>(
        `update sessions set last_seen_at = $2::timestamptz
         where token_sha256 = $1 and ended_at is null and expires_at > $2::timestamptz
           and last_seen_at > $3::timestamptz
         returning ${LIVE_COLUMNS}`,
        [hash, at.toISOString(), idleSince],
      );
      const row = rows[0];
      if (!row) return undefined;
      remember(row, at.getTime());
      const endsAt = new Date(row.expires_at);
      return {
        id: row.id,
        username: row.username,
        generation: row.generation,
        expiresAt: expiry(at, endsAt),
        endsAt,
        signedInAt: new Date(row.created_at),
        sso: ssoOf(row),
      };
    },

    async end(token: string): Promise<string | undefined> {
      const rows = await db.query<{ id: string }>(
        'update sessions set ended_at = $2::timestamptz where token_sha256 = $1 and ended_at is null returning id',
        [sha256(token), now().toISOString()],
      );
      if (rows[0]) cache.forget(rows[0].id);
      return rows[0]?.id;
    },

    async listLive(username: string | undefined): Promise<LiveSession[]> {
      const at = now();
      const rows = await db.query<SessionRow>(
        `select id, username, created_at, last_seen_at, expires_at, client_address, user_agent
         from sessions
         where ended_at is null and expires_at > $1::timestamptz and last_seen_at > $2::timestamptz
           and ($3::text is null or username = $3)
         order by created_at desc limit 500`,
        [at.toISOString(), new Date(at.getTime() - options.idleMs).toISOString(), username ?? null],
      );
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        createdAt: new Date(row.created_at),
        lastSeenAt: new Date(row.last_seen_at),
        expiresAt: expiry(new Date(row.last_seen_at), new Date(row.expires_at)),
        clientAddress: row.client_address,
        userAgent: row.user_agent,
      }));
    },

    async endById(id: string, owner: string | undefined): Promise<string | undefined> {
      const rows = await db.query<{ username: string }>(
        `update sessions set ended_at = $2::timestamptz
         where id = $1 and ended_at is null and ($3::text is null or username = $3)
         returning username`,
        [id, now().toISOString(), owner ?? null],
      );
      if (rows[0]) cache.forget(id);
      return rows[0]?.username;
    },

    forget(ids: readonly string[]): void {
      for (const id of ids) cache.forget(id);
    },

    onChange(listener: (id: string | undefined) => void): () => void {
      notices.start();
      return cache.onChange(listener);
    },
  };
}
