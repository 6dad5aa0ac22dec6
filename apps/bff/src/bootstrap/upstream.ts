import type { Logger } from '../logger';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client';
import { createSigner } from '../upstream/signing';
import { createTokenProvider, type CredentialSet, type TokenProvider } from '../upstream/tokens';

/**
 * The token provider, the signer (when a key is configured) and the client, wired together the
 * one way the BFF uses them.
 */
export async function createUpstream(options: {
  baseUrl: string;
  authUrl: string;
  credentials: CredentialSet;
  signingKey: { pem: string; kid: string } | undefined;
  logger: Logger;
  /** Tests observe the token endpoint's answers through it. */
  tokenFetch?: typeof fetch;
}): Promise<{ client: UpstreamClient; tokens: TokenProvider }> {
  const tokens = createTokenProvider({
    authUrl: options.authUrl,
    credentials: options.credentials,
    ...(options.tokenFetch ? { fetch: options.tokenFetch } : {}),
  });
  const signer = options.signingKey
    ? await createSigner({ privateKeyPem: options.signingKey.pem, kid: options.signingKey.kid })
    : undefined;
  const client = createUpstreamClient({
    baseUrl: options.baseUrl,
    tokens,
    ...(signer ? { signer } : {}),
    onAttempt: (report) =>
      report.retryInMs !== undefined
        ? options.logger.warn({ ...report }, 'upstream attempt will be retried')
        : options.logger.debug({ ...report }, 'upstream attempt'),
  });
  return { client, tokens };
}
