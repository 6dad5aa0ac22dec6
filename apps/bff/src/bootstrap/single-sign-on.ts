/**
 * The OpenID provider's client when single sign-on is configured (`OIDC_ISSUER`), its redirect
 * addresses under the console's origin, and its discovery started at once.
 */
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createOidcClient, type OidcClient } from '../oidc/oidc-client';

export function singleSignOnOf(
  env: Pick<Env, 'oidc'>,
  origin: () => string,
  logger: Logger,
): OidcClient | undefined {
  const sso = env.oidc
    ? createOidcClient(env.oidc, {
        redirectUri: () => `${origin()}/api/session/oidc/callback`,
        postLogoutRedirectUri: () => `${origin()}/sign-in?sso=signed-out`,
      })
    : undefined;
  // Discovery now, so that a wrong issuer shows in the log at start; a provider that is down is
  // tried again at the first sign-in.
  sso
    ?.configuration()
    .catch((error: unknown) =>
      logger.warn({ err: error, issuer: env.oidc?.issuer }, 'the OpenID provider did not answer'),
    );
  return sso;
}
