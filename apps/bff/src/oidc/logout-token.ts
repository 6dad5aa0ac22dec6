/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): the provider POSTs a signed
 * logout token naming a person (`sub`) or one of their provider sessions (`sid`). The token is
 * verified with `jose` against the provider's JWKS (the same keys as its ID tokens): issuer, the
 * console as audience, its age, and the claims the specification requires.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { OidcClient } from './oidc-client';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Who the provider says signed out. */
export interface LogoutClaims {
  subject: string | undefined;
  sid: string | undefined;
}

/** Verifies logout tokens for one provider; the JWKS is fetched once and cached by jose. */
export function createLogoutTokenVerifier(oidc: OidcClient) {
  let keys: JWTVerifyGetKey | undefined;
  return async (token: string): Promise<LogoutClaims> => {
    const metadata = (await oidc.configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the provider publishes no JWKS');
    keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const { payload } = await jwtVerify(token, keys, {
      issuer: metadata.issuer,
      audience: oidc.settings.clientId,
      maxTokenAge: '10m',
      clockTolerance: 30,
      ...(metadata.id_token_signing_alg_values_supported
        ? { algorithms: metadata.id_token_signing_alg_values_supported }
        : {}),
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (typeof events !== 'object' || events === null || !(BACKCHANNEL_EVENT in events)) {
      throw new Error('not a back-channel logout token (no logout event)');
    }
    if ('nonce' in payload) throw new Error('a logout token carries no nonce');
    if (typeof payload.jti !== 'string') throw new Error('a logout token has a jti');
    const subject = typeof payload.sub === 'string' ? payload.sub : undefined;
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (!subject && !sid) throw new Error('a logout token names a sub or a sid');
    return { subject, sid };
  };
}

export type LogoutTokenVerifier = ReturnType<typeof createLogoutTokenVerifier>;
