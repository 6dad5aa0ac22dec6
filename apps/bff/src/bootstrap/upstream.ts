import type { Env } from '../env';
import type { Logger } from '../logger';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client';
import type { ServiceBudget } from '../upstream/service-budget';
import { createSigner } from '../upstream/signing';
import { createTokenProvider, type CredentialSet, type TokenProvider } from '../upstream/tokens';
import type { EmbeddedSandbox } from './sandbox-mode';

/**
 * The service this console talks to: the embedded sandbox with its own client and keys when it
 * runs, else the configured one.
 */
export function serviceOf(
  env: Pick<Env, 'svcBaseUrl' | 'svcAuthUrl' | 'credentials' | 'signingKey'>,
  sandbox: EmbeddedSandbox | undefined,
): Pick<
  Parameters<typeof createUpstream>[0],
  'baseUrl' | 'authUrl' | 'credentials' | 'signingKey'
> {
  if (sandbox) {
    return {
      baseUrl: sandbox.url,
      authUrl: sandbox.url,
      credentials: { default: { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret } },
      signingKey: sandbox.signingKey,
    };
  }
  return {
    baseUrl: env.svcBaseUrl!,
    authUrl: env.svcAuthUrl!,
    credentials: env.credentials!,
    signingKey: env.signingKey,
  };
}

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
  /**
   * The service's rate budget, shared by every process on the database: every token request and
   * every attempt to the service takes from it. Unset: nothing is counted (a service without
   * rate limits).
   */
  budget?: ServiceBudget;
  /** Tests observe the token endpoint's answers through it. */
  tokenFetch?: typeof fetch;
  /** Told the status of every answer of the token endpoint and of the service (metrics). */
  onTokenAnswer?: (status: number | 'no-answer') => void;
  onServiceAnswer?: (status: number | 'no-answer') => void;
}): Promise<{ client: UpstreamClient; tokens: TokenProvider }> {
  const baseFetch = options.tokenFetch ?? fetch;
  const tokenFetch: typeof fetch = options.onTokenAnswer
    ? async (input, init) => {
        try {
          const response = await baseFetch(input, init);
          options.onTokenAnswer?.(response.status);
          return response;
        } catch (error) {
          options.onTokenAnswer?.('no-answer');
          throw error;
        }
      }
    : baseFetch;
  const tokens = createTokenProvider({
    authUrl: options.authUrl,
    credentials: options.credentials,
    ...(options.tokenFetch || options.onTokenAnswer ? { fetch: tokenFetch } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
  });
  const signer = options.signingKey
    ? await createSigner({ privateKeyPem: options.signingKey.pem, kid: options.signingKey.kid })
    : undefined;
  const client = createUpstreamClient({
    baseUrl: options.baseUrl,
    tokens,
    ...(signer ? { signer } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
    onAttempt: (report) => {
      options.onServiceAnswer?.(report.status ?? 'no-answer');
      if (report.retryInMs !== undefined) {
        options.logger.warn({ ...report }, 'upstream attempt will be retried');
      } else {
        options.logger.debug({ ...report }, 'upstream attempt');
      }
    },
  });
  return { client, tokens };
}
