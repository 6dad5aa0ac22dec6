import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from './app';
import type { Clock } from './clock';
import type { SandboxConfig } from './config';
import { loadHandlers } from './handlers/handler-of';

/**
 * Serves a sandbox over HTTP. `port: 0` picks any free port; the answer carries the URL.
 *
 * @example
 * const { url, close } = await startSandbox({ config: demoConfig({ clientSecret: 'x'.repeat(16) }), port: 0 });
 */
export async function startSandbox(options: {
  config: SandboxConfig;
  port?: number;
  host?: string;
  clock?: Clock;
  seedRandom?: number;
  /** Real time for signature timestamps (default the system clock; tests of expiry move it). */
  wallClock?: Clock;
  /** Where the state is kept across restarts; in memory only without it. */
  dataDir?: string;
}): Promise<{ url: string; sandbox: Sandbox; close(): Promise<void> }> {
  const sandbox = createSandbox(options.config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.seedRandom !== undefined ? { seedRandom: options.seedRandom } : {}),
    ...(options.wallClock ? { wallClock: options.wallClock } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const host = options.host ?? '127.0.0.1';
  // Each handler is its own module, found by file name: loaded now, no first request waits for it.
  await loadHandlers();
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: sandbox.app.fetch, port: options.port ?? 4010, hostname: host },
      (info: AddressInfo) => {
        resolve({
          url: `http://${host}:${info.port}`,
          sandbox,
          close: () =>
            new Promise<void>((done, fail) => {
              if ('closeAllConnections' in server) server.closeAllConnections();
              server.close((error) => (error ? fail(error) : done()));
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
