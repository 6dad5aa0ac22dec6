import type { Role } from '@console/schemas';
import type { Queryable } from '../db/db';

/** A person known through single sign-on, as of their last sign-in. */
export interface SsoOperator {
  identity: string;
  issuer: string;
  subject: string;
  display_name: string;
  role: Role;
  /** Where notifications go by email: the ID token's `email` claim, else none. */
  email?: string | undefined;
}

/**
 * Operators known through single sign-on. They are in no users file: the provider says who they
 * are and what role they hold at each sign-in, and this table remembers the last answer, which is
 * what the approval recount checks an SSO approver's role against. A sign-in refused for want of
 * a role is an answer too: the row goes. A back-channel logout is not one (see
 * docs/decisions/016-sso-sessions-and-roles.md).
 */
export function createSsoOperatorStore(db: Queryable, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return {
    /** Records a sign-in: the role and name are the provider's latest word. */
    async signedIn(operator: SsoOperator): Promise<void> {
      await db.query(
        `insert into sso_operators (identity, issuer, subject, display_name, role, last_sign_in_at,
           email)
         values ($1, $2, $3, $4, $5, $6::timestamptz, $7)
         on conflict (identity) do update set display_name = excluded.display_name,
           role = excluded.role, last_sign_in_at = excluded.last_sign_in_at,
           email = excluded.email`,
        [
          operator.identity,
          operator.issuer,
          operator.subject,
          operator.display_name,
          operator.role,
          now().toISOString(),
          operator.email ?? null,
        ],
      );
    },

    /**
     * The provider gives this person no console role any more (a sign-in refused for want of a
     * mapped group): their approvals stop counting until a sign-in gives them a role again.
     */
    async roleWithdrawn(identity: string): Promise<void> {
      await db.query('delete from sso_operators where identity = $1', [identity]);
    },

    /**
     * Every person the provider gave a console role at their last sign-in, that role, and the
     * address their last ID token gave (null: none).
     */
    async all(): Promise<
      { identity: string; display_name: string; role: Role; email: string | null }[]
    > {
      return db.query<{ identity: string; display_name: string; role: Role; email: string | null }>(
        'select identity, display_name, role, email from sso_operators order by identity',
      );
    },

    /**
     * The roles of the given identities that signed in through the provider; inside a
     * transaction, pass it (`tx`): the embedded database has one connection.
     */
    async roles(identities: readonly string[], tx: Queryable = db): Promise<Map<string, Role>> {
      const wanted = identities.filter((identity) => identity.startsWith('oidc:'));
      if (wanted.length === 0) return new Map();
      const rows = await tx.query<{ identity: string; role: Role }>(
        'select identity, role from sso_operators where identity = any($1::text[])',
        [wanted],
      );
      return new Map(rows.map((row) => [row.identity, row.role]));
    },
  };
}

export type SsoOperatorStore = ReturnType<typeof createSsoOperatorStore>;
