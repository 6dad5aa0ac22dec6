import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';

/** A sign-in on its way through the provider. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The console path to land on once signed in. */
  returnTo: string;
  clientAddress: string | null;
}

/** What the callback finds for its cookie. */
export type TakenFlow = { kind: 'live'; flow: OidcFlow } | { kind: 'expired' } | { kind: 'none' };

/** How long a sign-in may take at the provider (login page, second factor). */
export const FLOW_TTL_MS = 10 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Row {
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  client_address: string | null;
  expires_at: Date | string;
}

/**
 * Sign-ins begun and not finished, in the database so that the BFF process that gets the
 * callback need not be the one that began it. The browser holds a random handle (a cookie);
 * the row is keyed by its SHA-256 and deleted by the callback that takes it: single use.
 */
export function createFlowStore(db: Queryable, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return {
    /** Keeps a flow; returns the handle for the browser's cookie (shown nowhere else). */
    async begin(flow: OidcFlow): Promise<string> {
      const handle = randomBytes(32).toString('base64url');
      const at = now();
      await db.query(
        `insert into oidc_flows (handle_sha256, state, nonce, code_verifier, return_to,
           client_address, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
        [
          sha256(handle),
          flow.state,
          flow.nonce,
          flow.codeVerifier,
          flow.returnTo,
          flow.clientAddress,
          at.toISOString(),
          new Date(at.getTime() + FLOW_TTL_MS).toISOString(),
        ],
      );
      return handle;
    },

    /** Takes the flow of a handle out of the store: a second callback with it finds nothing. */
    async take(handle: string): Promise<TakenFlow> {
      const rows = await db.query<Row>(
        `delete from oidc_flows where handle_sha256 = $1
         returning state, nonce, code_verifier, return_to, client_address, expires_at`,
        [sha256(handle)],
      );
      const row = rows[0];
      if (!row) return { kind: 'none' };
      if (new Date(row.expires_at).getTime() <= now().getTime()) return { kind: 'expired' };
      return {
        kind: 'live',
        flow: {
          state: row.state,
          nonce: row.nonce,
          codeVerifier: row.code_verifier,
          returnTo: row.return_to,
          clientAddress: row.client_address,
        },
      };
    },

    /** Deletes flows nobody finished. */
    async sweep(): Promise<number> {
      const rows = await db.query(
        'delete from oidc_flows where expires_at <= $1::timestamptz returning handle_sha256',
        [now().toISOString()],
      );
      return rows.length;
    },
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
