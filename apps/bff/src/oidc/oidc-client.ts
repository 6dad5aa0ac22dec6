/**
 * The BFF as an OpenID Connect relying party, through `openid-client`: discovery, the
 * authorization request with state, nonce and PKCE (S256), the code exchange as a confidential
 * client, and the ID token's validation (issuer, audience, expiry, nonce, and its signature
 * against the provider's JWKS, which the library fetches and caches). Nothing here is checked by
 * hand; this module only turns what the library says into the console's words.
 */
import { createPrivateKey } from 'node:crypto';
import { importPKCS8 } from 'jose';
import * as client from 'openid-client';
import type { SsoOutcome } from '@console/schemas';
import { EmailSchema } from '../operators/users-file';
import { claimValues } from './role-claim';
import type { OidcSettings } from './oidc-settings';

/** What the provider vouched for, once every check passed. */
export interface VerifiedPerson {
  issuer: string;
  subject: string;
  /** The provider's session (`sid`), which a back-channel logout may name. */
  sid: string | undefined;
  displayName: string;
  /** The values of the role claim (ID token, else userinfo); undefined when it was absent. */
  groups: string[] | undefined;
  idToken: string;
  /** The ID token's `exp`: no session outlives it. */
  expiresAt: Date;
  /**
   * The `email` claim (the ID token's, else userinfo's when that was read for the groups), where
   * notifications go by email; undefined when absent, malformed, or marked unverified by the
   * provider (`email_verified: false`).
   */
  email: string | undefined;
}

/**
 * The ID token's address, when it is one and the provider has not said it is unverified (many
 * providers leave `email_verified` out; one that says false is not trusted with messages).
 */
function verifiedEmail(claims: Record<string, unknown>): string | undefined {
  if (claims.email_verified === false) return undefined;
  const parsed = EmailSchema.safeParse(claims.email);
  return parsed.success ? parsed.data : undefined;
}

/** A sign-in that ended without a person: why, for the page, and what happened, for the log. */
export class SsoFailure extends Error {
  override readonly name = 'SsoFailure';
  constructor(
    readonly outcome: SsoOutcome,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The secrets of a flow that the callback needs back. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Fresh state, nonce and PKCE verifier for one sign-in (32 random bytes each). */
export function newFlowSecrets(): FlowSecrets {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

async function clientAuthOf(settings: OidcSettings): Promise<client.ClientAuth> {
  const auth = settings.clientAuth;
  if (auth.kind === 'client-secret') return client.ClientSecretBasic(auth.secret);
  const type = createPrivateKey(auth.pem).asymmetricKeyType;
  const alg = type === 'rsa' ? 'RS256' : type === 'ed25519' ? 'EdDSA' : 'ES256';
  const key = await importPKCS8(auth.pem, alg);
  return client.PrivateKeyJwt(auth.kid ? { key, kid: auth.kid } : key);
}

/** The words of a library error, its cause included (the claim that did not match). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** Turns what went wrong in the callback into an outcome and a sentence. */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof client.AuthorizationResponseError) {
    const said = error.error_description ? ` (${error.error_description})` : '';
    return new SsoFailure('provider-refused', `the provider answered ${error.error}${said}`);
  }
  if (error instanceof client.ResponseBodyError) {
    return new SsoFailure('failed', `the provider refused the code: ${error.error}`);
  }
  if (error instanceof TypeError) {
    return new SsoFailure('unavailable', `the provider could not be reached: ${describe(error)}`);
  }
  return new SsoFailure('failed', `the answer did not check out: ${describe(error)}`);
}

/**
 * The relying party of one provider. Discovery happens at the first use and is kept; a failed
 * one is tried again at the next use (a provider down at start must not need a restart).
 *
 * @param redirectUri The console's callback, exactly as registered with the provider.
 */
export function createOidcClient(
  settings: OidcSettings,
  options: { redirectUri: () => string; postLogoutRedirectUri: () => string },
) {
  let config: Promise<client.Configuration> | undefined;
  const configuration = () => {
    config ??= (async () =>
      client.discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        await clientAuthOf(settings),
        {
          execute: [
            client.enableNonRepudiationChecks,
            ...(settings.insecureLoopback ? [client.allowInsecureRequests] : []),
          ],
          timeout: 10,
        },
      ))();
    config.catch(() => (config = undefined));
    return config;
  };

  return {
    settings,
    configuration,

    /** The provider's authorization endpoint with this flow's state, nonce and PKCE challenge. */
    async authorizationUrl(flow: FlowSecrets): Promise<URL> {
      const config = await configuration();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri(),
        scope: settings.scopes,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * Finishes a sign-in from the callback's query: the state, the code exchange (with the PKCE
     * verifier), the ID token and its nonce, all by the library; then the role claim, from the
     * ID token or else from userinfo. Throws `SsoFailure`.
     */
    async finish(query: string, flow: FlowSecrets): Promise<VerifiedPerson> {
      const config = await configuration().catch((error: unknown) => {
        throw failureOf(error);
      });
      // The address the provider sent the browser to, as registered: behind a proxy the request's
      // own URL is not it.
      const current = new URL(`${options.redirectUri()}${query}`);
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          pkceCodeVerifier: flow.codeVerifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        let profile: Record<string, unknown> = claims;
        let groups = claimValues(claims, settings.roleClaim);
        if (groups === undefined && config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          profile = { ...info, ...claims };
          groups = claimValues(info, settings.roleClaim);
        }
        const name = [profile.name, profile.preferred_username, profile.email].find(
          (value): value is string => typeof value === 'string' && value.trim() !== '',
        );
        return {
          issuer: claims.iss,
          subject: claims.sub,
          sid: typeof claims.sid === 'string' ? claims.sid : undefined,
          displayName: (name ?? claims.sub).slice(0, 100),
          groups,
          idToken: tokens.id_token!,
          expiresAt: new Date(claims.exp * 1000),
          email: verifiedEmail(profile),
        };
      } catch (error) {
        throw failureOf(error);
      }
    },

    /** Whether the provider offers RP-initiated logout (an `end_session_endpoint`). */
    async offersLogout(): Promise<boolean> {
      try {
        return Boolean((await configuration()).serverMetadata().end_session_endpoint);
      } catch {
        return false;
      }
    },

    /** The provider's logout with the ID token as hint and the way back to the console. */
    async endSessionUrl(idToken: string): Promise<URL | undefined> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: options.postLogoutRedirectUri(),
      });
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
