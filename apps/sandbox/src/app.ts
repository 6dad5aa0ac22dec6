import { Hono, type Context } from 'hono';
import type { SandboxConfig, SigningKeyConfig } from './config';
import { signingKeyAlg } from './config';
import { offsetClock, systemClock, type Clock, type OffsetClock } from './clock';
import { TokenBuckets } from './auth/rate-limit';
import { TokenStore } from './auth/tokens';
import { tokenEndpoint } from './auth/token-endpoint';
import type { RegisteredKey } from './auth/verify-signature';
import { controlRoutes } from './control/routes';
import { EndpointLimits, endpointLimits } from './auth/endpoint-limits';
import { dispatch } from './handlers/dispatch';
import { endpointOf } from './handlers/routes';
import { asProblem, notFound, problemResponse } from './problem';
import { advanceState } from './state/advance';
import { createState } from './state/seed';
import { stateFromText, stateToText } from './state/saved-state';
import { StateFile } from './state/state-file';
import { SandboxProblem } from './problem';
import type { SandboxRuntime } from './runtime';

/** A sandbox: its Hono app (mount it or serve it) and the handles tests and the BFF use. */
export interface Sandbox {
  app: Hono;
  /** The sandbox's clock: the given clock plus whatever `POST /sandbox/clock` added. */
  clock: OffsetClock;
  /** Registers (or replaces) a signing public key on a client; usable at once alongside the others. */
  registerKey(clientId: string, key: SigningKeyConfig): void;
  /** Revokes one signing key of a client; the client and its other keys stay. */
  revokeKey(clientId: string, kid: string): void;
  /** Back to the seed (as `POST /sandbox/reset`). */
  reset(): void;
  /** The runtime, for tests and embedding. */
  runtime: SandboxRuntime;
}

/**
 * Creates a sandbox from a validated configuration (see `parseSandboxConfig`).
 *
 * @example
 * const sandbox = createSandbox(demoConfig({ clientSecret: 's3cret-demo' }), { clock: createManualClock() });
 * const res = await sandbox.app.request('/sandbox/state');
 */
export function createSandbox(
  config: SandboxConfig,
  options: {
    clock?: Clock;
    seedRandom?: number;
    wallClock?: Clock;
    /**
     * Where the state is kept across restarts (ADR 033): every change is on disk before its
     * answer leaves. Without it the state lives in memory only, as tests want it.
     */
    dataDir?: string;
  } = {},
): Sandbox {
  const clock = offsetClock(options.clock ?? systemClock);
  const stateFile = options.dataDir ? new StateFile(options.dataDir) : undefined;
  const savedText = stateFile?.open();
  const restored =
    stateFile && savedText !== undefined
      ? stateFromText(savedText, config, stateFile.file)
      : undefined;
  if (restored) clock.advance(restored.clockOffsetMs);
  const seedRandom = options.seedRandom ?? 42;
  const clients = new Map(config.clients.map((c) => [c.client_id, structuredClone(c)]));
  const keys = new Map<string, Map<string, RegisteredKey>>();

  const registerKey = (clientId: string, key: SigningKeyConfig) => {
    const result = signingKeyAlg(key.public_key_pem);
    if (typeof result === 'string') throw new Error(`key ${key.kid}: ${result}`);
    if (!clients.has(clientId)) throw new Error(`no client ${clientId}`);
    const map = keys.get(clientId) ?? new Map<string, RegisteredKey>();
    map.set(key.kid, { kid: key.kid, alg: result.alg, key: result.key });
    keys.set(clientId, map);
  };
  for (const client of config.clients)
    for (const key of client.signing?.keys ?? []) registerKey(client.client_id, key);

  const runtime: SandboxRuntime = {
    config,
    clock,
    wallClock: options.wallClock ?? systemClock,
    clients,
    tokens: new TokenStore(),
    buckets: new TokenBuckets(config.token_rate_limit ?? { per_second: 1, burst: 10 }),
    state: restored?.state ?? createState(config, clock.now(), seedRandom),
    tokenLog: [],
    requestLog: [],
    keysOf: (clientId) => keys.get(clientId) ?? new Map(),
    advance: () => advanceState(runtime.state, clock.now()),
    limits: config.rate_limits ? new EndpointLimits(config.rate_limits) : undefined,
    reset() {
      runtime.limits?.reset();
      runtime.state = createState(config, clock.now(), seedRandom);
      runtime.tokenLog.length = 0;
      runtime.requestLog.length = 0;
      runtime.buckets.reset();
    },
  };

  const app = new Hono();
  if (stateFile) {
    // After every request, whatever it was: a read moves the state to the clock too (a transfer
    // completes, an order fills), and what a reader was shown must survive a crash as well.
    app.use(async (c, next) => {
      await next();
      try {
        await stateFile.save(stateToText(runtime.state, clock.offset()));
      } catch (error) {
        // The change is made in memory but not kept: the client must not take it as done. A 500
        // makes the console's send UNKNOWN, and its retry with the same ref_id finds the record.
        c.res = problemResponse(
          c,
          new SandboxProblem(
            500,
            'about:blank',
            `the sandbox could not keep its state in ${stateFile.file}: ${(error as Error).message}`,
          ),
        );
      }
    });
  }
  const limited = (endpoint: (c: Context) => string) =>
    endpointLimits(() => runtime.limits, clock, endpoint);
  app.use(
    '/oauth2/token',
    limited(() => '/oauth2/token'),
  );
  app.use(
    '/v2/*',
    limited((c) => endpointOf(c.req.path)),
  );
  app.post('/oauth2/token', tokenEndpoint({ ...runtime, log: runtime.tokenLog }));
  app.all('/v2/*', (c) => dispatch(c, runtime));
  app.route('/sandbox', controlRoutes(runtime));
  app.notFound((c) => problemResponse(c, notFound(`no endpoint at ${c.req.path}`)));
  app.onError((error, c) => problemResponse(c, asProblem(error)));

  return {
    app,
    clock,
    registerKey,
    revokeKey: (clientId, kid) => void keys.get(clientId)?.delete(kid),
    reset: runtime.reset,
    runtime,
  };
}
