import { randomBytes } from 'node:crypto';

export interface IssuedToken {
  client_id: string;
  scopes: string[];
  expires_at: number;
}

/** Opaque access tokens held in memory, expiring by the sandbox clock. */
export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();

  issue(clientId: string, scopes: string[], now: number, ttlSeconds: number): string {
    // Drop expired tokens now and then so a long-running sandbox does not grow without bound.
    if (this.tokens.size > 10_000)
      for (const [k, t] of this.tokens) if (t.expires_at <= now) this.tokens.delete(k);
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { client_id: clientId, scopes, expires_at: now + ttlSeconds * 1000 });
    return token;
  }

  /** The token's grant, or why it is refused. */
  lookup(token: string, now: number): IssuedToken | 'unknown' | 'expired' {
    const found = this.tokens.get(token);
    if (!found) return 'unknown';
    return found.expires_at <= now ? 'expired' : found;
  }
}
