/**
 * Settings that parse but are probably not what was meant (single sign-on without the public
 * address, TLS in front without a trusted proxy, every interface without a public address).
 */
import type { Env } from './env';

/**
 * Settings that work but are probably not what was meant, one sentence each: said in the log and
 * on the terminal at start.
 */
export function configurationWarnings(
  env: Pick<Env, 'publicOrigin' | 'trustProxy' | 'host'> & Partial<Pick<Env, 'oidc' | 'port'>>,
): string[] {
  const warnings: string[] = [];
  if (env.oidc && !env.publicOrigin) {
    warnings.push(
      `OIDC_ISSUER is set but PUBLIC_URL is not: the provider must send operators back to http://${env.host}:${env.port ?? 8080}/api/session/oidc/callback, and the console must be opened at that address; set PUBLIC_URL to the address registered with the provider.`,
    );
  }
  if (env.publicOrigin?.startsWith('https:') && !env.trustProxy) {
    warnings.push(
      'PUBLIC_URL is https:// but TRUST_PROXY is off: behind the TLS proxy every operator reaches the console from the proxy’s address, so the per-source sign-in limits count them all as one. Set TRUST_PROXY=true when a proxy that appends X-Forwarded-For is the only way in.',
    );
  }
  if (/^(0\.0\.0\.0|::)$/.test(env.host) && !env.publicOrigin) {
    warnings.push(
      `HOST is ${env.host} but PUBLIC_URL is unset: the console answers only to localhost, 127.0.0.1 and [::1]; set PUBLIC_URL to the address operators open.`,
    );
  }
  return warnings;
}
