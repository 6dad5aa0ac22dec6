/**
 * The embedded sandbox, the default when no service is configured (no `SVC_BASE_URL`): a strict
 * local stand-in for the service, started on its own port with the console's keys.
 */
import type { Env } from '../env';
import { sandboxStateDir } from './data-dirs';
import type { EmbeddedSandbox } from './sandbox-mode';

export async function embeddedSandboxOf(
  env: Pick<
    Env,
    'svcBaseUrl' | 'dataDir' | 'sandboxPort' | 'signingKey' | 'sandboxState' | 'audit'
  >,
): Promise<EmbeddedSandbox | undefined> {
  // Loaded only without SVC_BASE_URL: the sandbox is a development dependency, in its own chunk
  // of the bundle, and absent from the build for the real service (build-options.mjs).
  if (env.svcBaseUrl) return undefined;
  const { startEmbeddedSandbox } = await import('./sandbox-mode');
  return startEmbeddedSandbox({
    dataDir: env.dataDir,
    port: env.sandboxPort,
    host: '127.0.0.1',
    signingKey: env.signingKey,
    ...(env.sandboxState === 'kept' ? { stateDir: sandboxStateDir(env.dataDir) } : {}),
    auditKeyConfigured: Boolean(env.audit.keyPem),
  });
}
