import type { SandboxClient, SandboxConfig } from './config';
import type { Clock, OffsetClock } from './clock';
import type { RegisteredKey } from './auth/verify-signature';
import type { EndpointLimits } from './auth/endpoint-limits';
import type { TokenBuckets } from './auth/rate-limit';
import type { TokenStore } from './auth/tokens';
import type { TokenLogEntry } from './auth/token-endpoint';
import type { SandboxState } from './state/store';

/** One entry of `GET /sandbox/log`'s `requests`. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  client_id: string | null;
  /** The exact raw text received. */
  body: string;
  signature: { kid: string; alg: string; verified: boolean } | null;
  /**
   * The headers received (names lower-cased), so tests can see what a client passed on. The
   * credentials are kept out: `authorization` and `svc-signature` show only that they came.
   */
  headers: Record<string, string>;
  /** When it came, by the sandbox's clock (which tests move). */
  at: string;
  /**
   * When it came in real time (ms): the spacing of a client's requests, which a moved sandbox
   * clock would hide or invent.
   */
  received_ms: number;
}

/** Everything a running sandbox holds; the routes share it. */
export interface SandboxRuntime {
  config: SandboxConfig;
  /** What moves (orders, transfers, token expiry, rate limits): tests drive it. */
  clock: OffsetClock;
  /** Real time, for signature timestamps, which a moved sandbox clock must never invalidate. */
  wallClock: Clock;
  clients: Map<string, SandboxClient>;
  tokens: TokenStore;
  buckets: TokenBuckets;
  /** The per-endpoint limits per client address, when the configuration sets them. */
  limits: EndpointLimits | undefined;
  state: SandboxState;
  tokenLog: TokenLogEntry[];
  requestLog: RequestLogEntry[];
  keysOf(clientId: string): ReadonlyMap<string, RegisteredKey>;
  /** Brings the state up to the clock. */
  advance(): void;
  /** Back to the seed: state and logs; tokens, clients and keys stay. */
  reset(): void;
}
