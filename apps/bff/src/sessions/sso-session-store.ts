import type { Queryable } from '../db/db';
import { unseal } from '../oidc/sealed-token';
import { sha256 } from './session-store';
import type { SessionStore } from './session-types';

/**
 * What only single sign-on sessions need of the sessions table: the ID token for the provider's
 * logout, and the end of the sessions a back-channel logout names. `sessions` is told what ends
 * here, so that this process's cache stops trusting it at once.
 */
export function createSsoSessionStore(
  db: Queryable,
  sessions: Pick<SessionStore, 'forget'>,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  return {
    /**
     * The ID token of a single sign-on that this very cookie ended a moment ago, for the
     * provider's logout; taken once (the sealed copy is dropped), and only within two minutes.
     */
    async takeIdToken(token: string): Promise<string | undefined> {
      const at = now();
      const rows = await db.query<{ id_token_sealed: string }>(
        `update sessions s set id_token_sealed = null
         from (select id, id_token_sealed from sessions where token_sha256 = $1
               and id_token_sealed is not null and ended_at > $2::timestamptz for update) old
         where s.id = old.id
         returning old.id_token_sealed`,
        [sha256(token), new Date(at.getTime() - 120_000).toISOString()],
      );
      const sealed = rows[0]?.id_token_sealed;
      return sealed ? unseal(token, sealed) : undefined;
    },

    /**
     * Ends the live single sign-on sessions the provider named in a back-channel logout (those of
     * its session id when given, else every one of the person), or of a person it no longer gives
     * a console role. Returns what ended.
     */
    async endSso(match: { identity: string | undefined; sid: string | undefined }) {
      if (!match.identity && !match.sid) return [];
      const rows = await db.query<{ id: string; username: string }>(
        `update sessions set ended_at = $3::timestamptz, id_token_sealed = null
         where method = 'sso' and ended_at is null
           and ($1::text is null or sso_identity = $1) and ($2::text is null or sso_sid = $2)
         returning id, username`,
        [match.identity ?? null, match.sid ?? null, now().toISOString()],
      );
      sessions.forget(rows.map((row) => row.id));
      return rows;
    },
  };
}

export type SsoSessionStore = ReturnType<typeof createSsoSessionStore>;
