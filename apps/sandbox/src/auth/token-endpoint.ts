import type { Context } from 'hono';
import type { SandboxConfig, SandboxClient } from '../config';
import type { OffsetClock } from '../clock';
import { iso } from '../clock';
import type { TokenBuckets } from './rate-limit';
import type { TokenStore } from './tokens';

export interface TokenLogEntry {
  client_id: string | null;
  scope: string;
  status: number;
  at: string;
}

interface Deps {
  config: SandboxConfig;
  clients: Map<string, SandboxClient>;
  tokens: TokenStore;
  buckets: TokenBuckets;
  clock: OffsetClock;
  log: TokenLogEntry[];
}

/**
 * `POST /oauth2/token`: the client credentials grant, form-encoded, credentials in the body or
 * in HTTP Basic. Errors in OAuth 2's format. Rate-limited per client before the secret is
 * checked, as a guard against guessing.
 */
export function tokenEndpoint(deps: Deps) {
  return async (c: Context) => {
    const now = deps.clock.now();
    let clientId: string | null = null;
    let scope = '';
    const answer = (
      status: 200 | 400 | 401 | 429,
      body: object,
      headers: Record<string, string> = {},
    ) => {
      deps.log.push({ client_id: clientId, scope, status, at: iso(now) });
      return c.json(body, status, { 'Cache-Control': 'no-store', ...headers });
    };
    const error = (status: 400 | 401, code: string, description: string) =>
      answer(status, { error: code, error_description: description });

    const type = c.req.header('content-type') ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return error(400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
    }
    const form = new URLSearchParams(await c.req.text());
    scope = form.get('scope') ?? '';
    let secret = form.get('client_secret');
    clientId = form.get('client_id');
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (basic?.[1]) {
      const [id, pw] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pw ?? '');
    }
    const grant = form.get('grant_type');
    if (!grant) return error(400, 'invalid_request', 'grant_type is required');
    if (!clientId || secret === null)
      return error(400, 'invalid_request', 'client_id and client_secret are required');
    const client = deps.clients.get(clientId);
    if (!client) return error(401, 'invalid_client', 'unknown client or wrong secret');
    const wait = deps.buckets.take(client.client_id, now);
    if (wait > 0) {
      return answer(
        429,
        {
          error: 'slow_down',
          error_description: 'too many token requests; cache tokens until they expire',
        },
        { 'Retry-After': String(Math.ceil(wait / 1000)) },
      );
    }
    if (secret !== client.client_secret)
      return error(401, 'invalid_client', 'unknown client or wrong secret');
    if (grant !== 'client_credentials') {
      return error(400, 'unsupported_grant_type', 'only client_credentials is supported');
    }
    const requested = scope.split(' ').filter(Boolean);
    const refused = requested.filter((s) => !client.scopes.includes(s));
    if (refused.length > 0)
      return error(400, 'invalid_scope', `not allowed for this client: ${refused.join(' ')}`);
    const granted = requested.length > 0 ? requested : client.scopes;
    scope = granted.join(' ');
    const token = deps.tokens.issue(client.client_id, granted, now, deps.config.token_ttl_seconds);
    return answer(200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: deps.config.token_ttl_seconds,
      scope,
    });
  };
}
