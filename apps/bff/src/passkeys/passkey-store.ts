/**
 * Passkeys and their one-use challenges in the database (migration 038). A passkey's state is
 * read at a moment: `pending` becomes usable at `usable_from` by time alone (as an entry of the
 * book of allowed destinations cools off), or when another admin confirms it.
 */
import { randomUUID } from 'node:crypto';
import type { Passkey, PasskeyState } from '@console/schemas';
import type { Db, Queryable, SqlParam } from '../db/db';

interface PasskeyRow {
  id: string;
  credential_id: string;
  username: string;
  name: string;
  public_key: string;
  sign_count: number | string;
  transports: string[];
  state: PasskeyState;
  created_at: Date | string;
  usable_from: Date | string;
  last_used_at: Date | string | null;
  confirmed_by: string | null;
  confirmed_at: Date | string | null;
  revoked_by: string | null;
  revoked_at: Date | string | null;
}

/** A passkey as the BFF uses it: what the browser sees, and its public key and counter. */
export interface StoredPasskey extends Passkey {
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: number;
}

const COLUMNS = `id::text, credential_id, username, name, public_key, sign_count, transports, state, created_at,
  usable_from, last_used_at, confirmed_by, confirmed_at, revoked_by, revoked_at`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Its state at `now`: a pending passkey whose cooling-off has passed is active. */
export function stateAt(row: Pick<Passkey, 'state' | 'usable_from'>, now: number): PasskeyState {
  if (row.state === 'pending' && Date.parse(row.usable_from) <= now) return 'active';
  return row.state;
}

function toPasskey(row: PasskeyRow, now: number): StoredPasskey {
  const usableFrom = iso(row.usable_from)!;
  return {
    id: row.id,
    credential_id: row.credential_id,
    username: row.username,
    name: row.name,
    state: stateAt({ state: row.state, usable_from: usableFrom }, now),
    created_at: iso(row.created_at)!,
    usable_from: usableFrom,
    last_used_at: iso(row.last_used_at),
    confirmed_by: row.confirmed_by,
    confirmed_at: iso(row.confirmed_at),
    revoked_by: row.revoked_by,
    revoked_at: iso(row.revoked_at),
    transports: row.transports,
    public_key: row.public_key,
    sign_count: Number(row.sign_count),
  };
}

/** A passkey just registered: pending until `usableFrom`. */
export interface NewPasskey {
  credentialId: string;
  username: string;
  name: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  at: Date;
  usableFrom: Date;
}

export type ChallengePurpose = 'register' | 'decide';

export function createPasskeyStore(db: Db, options: { now: () => number }) {
  const now = options.now;
  const one = async (q: Queryable, sql: string, params: SqlParam[]) => {
    const rows = await q.query<PasskeyRow>(sql, params);
    return rows[0] && toPasskey(rows[0], now());
  };
  return {
    /** The new passkey; undefined when its credential is registered already (by anyone). */
    add: (passkey: NewPasskey): Promise<StoredPasskey | undefined> =>
      one(
        db,
        `insert into passkeys (id, credential_id, username, name, public_key, sign_count,
           transports, state, created_at, usable_from)
         values ($1, $2, $3, $4, $5, $6, $7::text[], 'pending', $8::timestamptz, $9::timestamptz)
         on conflict (credential_id) do nothing returning ${COLUMNS}`,
        [
          randomUUID(),
          passkey.credentialId,
          passkey.username,
          passkey.name,
          passkey.publicKey,
          passkey.signCount,
          passkey.transports,
          passkey.at.toISOString(),
          passkey.usableFrom.toISOString(),
        ],
      ),

    get: (id: string): Promise<StoredPasskey | undefined> =>
      one(db, `select ${COLUMNS} from passkeys where id = $1::uuid`, [id]),

    /** The passkey an assertion names by its credential id. */
    byCredential: (credentialId: string): Promise<StoredPasskey | undefined> =>
      one(db, `select ${COLUMNS} from passkeys where credential_id = $1`, [credentialId]),

    /** One operator's passkeys, or everyone's (`undefined`), oldest first. */
    async list(username: string | undefined): Promise<StoredPasskey[]> {
      const rows = await db.query<PasskeyRow>(
        `select ${COLUMNS} from passkeys where ($1::text is null or username = $1)
         order by username, created_at, id`,
        [username ?? null],
      );
      return rows.map((row) => toPasskey(row, now()));
    },

    rename: (id: string, name: string) =>
      one(db, `update passkeys set name = $2 where id = $1::uuid returning ${COLUMNS}`, [id, name]),

    /** Revokes it for good; undefined when it was revoked already (or is no one's). */
    revoke: (id: string, by: string, at: Date) =>
      one(
        db,
        `update passkeys set state = 'revoked', revoked_by = $2, revoked_at = $3::timestamptz
         where id = $1::uuid and state <> 'revoked' returning ${COLUMNS}`,
        [id, by, at.toISOString()],
      ),

    /**
     * Another admin confirms a pending passkey: usable from now. Undefined when it is not
     * pending, or `by` owns it (nobody confirms their own).
     */
    confirm: (id: string, by: string, at: Date) =>
      one(
        db,
        `update passkeys set state = 'active', confirmed_by = $2, confirmed_at = $3::timestamptz,
           usable_from = least(usable_from, $3::timestamptz)
         where id = $1::uuid and state = 'pending' and username <> $2 returning ${COLUMNS}`,
        [id, by, at.toISOString()],
      ),

    /**
     * Records a use with the authenticator's counter: only if the counter moved forward (or the
     * authenticator keeps none: 0 then and ever), so that of two uses reporting one counter in
     * any process only one is taken. False: a cloned or replayed authenticator.
     */
    async used(id: string, signCount: number, at: Date): Promise<boolean> {
      const rows = await db.query(
        `update passkeys set sign_count = $2, last_used_at = $3::timestamptz
         where id = $1::uuid and state <> 'revoked' and (sign_count < $2 or (sign_count = 0 and $2 = 0))
         returning id`,
        [id, signCount, at.toISOString()],
      );
      return rows.length === 1;
    },

    async issueChallenge(init: {
      challenge: string;
      username: string;
      purpose: ChallengePurpose;
      statement?: string;
      expiresAt: Date;
    }): Promise<void> {
      // Stale ones go as new ones come: the table holds only the minutes' worth in flight.
      await db.query('delete from passkey_challenges where expires_at <= $1::timestamptz', [
        new Date(now()).toISOString(),
      ]);
      await db.query(
        `insert into passkey_challenges (challenge, username, purpose, statement, expires_at)
         values ($1, $2, $3, $4, $5::timestamptz)`,
        [
          init.challenge,
          init.username,
          init.purpose,
          init.statement ?? null,
          init.expiresAt.toISOString(),
        ],
      );
    },

    /**
     * Takes a challenge issued to `username` for `purpose`, once: one DELETE … RETURNING, so that
     * of two processes handed the same one only one gets it. Undefined when it is unknown, used
     * or expired.
     */
    async takeChallenge(
      challenge: string,
      username: string,
      purpose: ChallengePurpose,
    ): Promise<{ statement: string | null } | undefined> {
      const rows = await db.query<{ statement: string | null }>(
        `delete from passkey_challenges
         where challenge = $1 and username = $2 and purpose = $3 and expires_at > $4::timestamptz
         returning statement`,
        [challenge, username, purpose, new Date(now()).toISOString()],
      );
      return rows[0];
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
