import { createPublicKey, type KeyObject } from 'node:crypto';
import Big from 'big.js';
import { z } from 'zod';
import { operations } from '@console/schemas';
import { SeedSchema, type SandboxSeed } from './config-seed';

export type { SandboxSeed } from './config-seed';

/** Every scope of the service's operations, once each (public market data has none). */
export const ALL_SCOPES: readonly string[] = [
  ...new Set(Object.values(operations).flatMap((op) => (op.scope === null ? [] : [op.scope]))),
];

/** Client permissions beyond scopes that the sandbox knows. */
export const PERMISSIONS = ['self_match_prevention'] as const;

/** A registered request-signing public key. */
export interface SigningKeyConfig {
  kid: string;
  public_key_pem: string;
}

/** One OAuth 2 client (a credential) of the sandbox. */
export interface SandboxClient {
  client_id: string;
  client_secret: string;
  scopes: string[];
  /** Extra permissions; `self_match_prevention` allows `self_match_prevention_id` on orders. */
  permissions?: string[];
  signing?: { required: boolean; keys: SigningKeyConfig[] };
}

/** How long the lifecycles take, in sandbox-clock milliseconds (README "What moves"). */
export interface SandboxTimings {
  /** A resting order is SUBMITTED this long, then OPEN. */
  order_open_ms: number;
  /** Internal and svc transfers stay PENDING this long. */
  transfer_settle_ms: number;
  /** An orchestration is PROCESSING this long. */
  orchestration_process_ms: number;
  /** An updated fiat account is PENDING this long. */
  fiat_review_ms: number;
}

/** The simulated market's fees and depth (README "Orders"). */
export interface SandboxMarket {
  /** Commission rate of an order that takes liquidity (market orders, crossing limits, stops). */
  taker_fee_rate: string;
  /** Commission rate of a resting order that fills when the price crosses it. */
  maker_fee_rate: string;
  /** Base amount one crossing fills of a resting order, per base asset. */
  crossing_depth: Record<string, string>;
}

/**
 * Per-endpoint request limits per client address, averaged over `window_seconds`; past one, every
 * request from that address is refused `429` for `throttle_seconds` (svc-api.md appendix).
 */
export interface SandboxRateLimits {
  window_seconds: number;
  throttle_seconds: number;
  /** Requests per second for every endpoint not in `per_second`. */
  default_per_second: number;
  /** Requests per second by path (`/oauth2/token`, `/v2/transfer/internal`, a path template). */
  per_second: Record<string, number>;
}

/** The sandbox's configuration (`SANDBOX_CONFIG`). */
export interface SandboxConfig {
  token_ttl_seconds: number;
  token_rate_limit: { per_second: number; burst: number };
  clients: SandboxClient[];
  seed?: SandboxSeed;
  timings: SandboxTimings;
  market: SandboxMarket;
  /** Absent: no per-endpoint limits (tests and the bench); the demo configuration sets them. */
  rate_limits?: SandboxRateLimits;
}

/** A malformed configuration; the message names every bad member. */
export class SandboxConfigError extends Error {
  override readonly name = 'SandboxConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid sandbox configuration:\n  ${problems.join('\n  ')}`);
  }
}

/** The key type of a PEM public key, or an explanation of why it is not usable. */
export function signingKeyAlg(pem: string): { alg: 'EdDSA' | 'ES256'; key: KeyObject } | string {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    return 'not a PEM public key';
  }
  if (key.asymmetricKeyType === 'ed25519') return { alg: 'EdDSA', key };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { alg: 'ES256', key };
  }
  return 'must be an Ed25519 or P-256 public key';
}

const decimal = z.string().regex(/^[0-9]*\.?[0-9]+$/, 'must be a decimal string such as 12.50');
const id = z.string().min(1, 'must be a non-empty string');

const KeySchema = z.strictObject({
  kid: id,
  public_key_pem: z.string().superRefine((pem, ctx) => {
    const result = signingKeyAlg(pem);
    if (typeof result === 'string') ctx.addIssue({ code: 'custom', message: result });
  }),
});

const ClientSchema = z.strictObject({
  client_id: id,
  client_secret: z.string().min(8, 'must have at least 8 characters'),
  scopes: z.array(
    z.string().refine((s) => ALL_SCOPES.includes(s), {
      message: `must be one of ${ALL_SCOPES.join(', ')}`,
    }),
  ),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
  signing: z
    .strictObject({ required: z.boolean(), keys: z.array(KeySchema) })
    .superRefine((signing, ctx) => {
      const seen = new Set<string>();
      signing.keys.forEach((key, i) => {
        if (seen.has(key.kid))
          ctx.addIssue({ code: 'custom', path: ['keys', i, 'kid'], message: 'duplicate kid' });
        seen.add(key.kid);
      });
    })
    .optional(),
});

const ms = z.number().int().min(0);

/** Defaults of `timings`. */
export const DEFAULT_TIMINGS: SandboxTimings = {
  order_open_ms: 1_000,
  transfer_settle_ms: 3_000,
  orchestration_process_ms: 2_000,
  fiat_review_ms: 5_000,
};

/** Defaults of `market`: 0.25 % taker, 0.1 % maker, and what one crossing of a resting order fills. */
export const DEFAULT_MARKET: SandboxMarket = {
  taker_fee_rate: '0.0025',
  maker_fee_rate: '0.001',
  crossing_depth: {
    BTC: '1',
    ETH: '25',
    PAXG: '10',
    BCH: '100',
    LTC: '500',
    USDP: '50000',
    LINK: '2500',
    MATIC: '50000',
    AAVE: '250',
    UNI: '5000',
  },
};

/** The appendix's limits: token endpoint 1/s, internal transfers 20/s, others 50/s, over 5 minutes. */
export const APPENDIX_RATE_LIMITS: SandboxRateLimits = {
  window_seconds: 300,
  throttle_seconds: 300,
  default_per_second: 50,
  per_second: { '/oauth2/token': 1, '/v2/transfer/internal': 20 },
};

const rate = z.number().positive();
const feeRate = decimal.refine((v) => new Big(v).lt(1), 'must be below 1');

const ConfigSchema = z.strictObject({
  token_ttl_seconds: z.number().int().positive().default(3599),
  token_rate_limit: z
    .strictObject({ per_second: z.number().positive(), burst: z.number().int().positive() })
    .default({ per_second: 1, burst: 10 }),
  clients: z.array(ClientSchema).min(1, 'must list at least one client'),
  seed: SeedSchema.optional(),
  timings: z
    .strictObject({
      order_open_ms: ms.default(DEFAULT_TIMINGS.order_open_ms),
      transfer_settle_ms: ms.default(DEFAULT_TIMINGS.transfer_settle_ms),
      orchestration_process_ms: ms.default(DEFAULT_TIMINGS.orchestration_process_ms),
      fiat_review_ms: ms.default(DEFAULT_TIMINGS.fiat_review_ms),
    })
    .default(DEFAULT_TIMINGS),
  market: z
    .strictObject({
      taker_fee_rate: feeRate.default(DEFAULT_MARKET.taker_fee_rate),
      maker_fee_rate: feeRate.default(DEFAULT_MARKET.maker_fee_rate),
      crossing_depth: z
        .record(z.string().regex(/^[A-Z0-9]{1,20}$/, 'must be an asset code'), decimal)
        .default(DEFAULT_MARKET.crossing_depth),
    })
    .default(DEFAULT_MARKET),
  rate_limits: z
    .strictObject({
      window_seconds: z.number().int().positive().default(300),
      throttle_seconds: z.number().int().min(0).default(300),
      default_per_second: rate,
      per_second: z.record(z.string().startsWith('/', 'must be a path'), rate).default({}),
    })
    .optional(),
});

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  }
  return out || '(root)';
}

/**
 * Validates a raw configuration (parsed JSON) and fills in defaults.
 *
 * @throws SandboxConfigError naming every bad member, e.g.
 *   `clients[0].signing.keys[1].public_key_pem: not a PEM public key`
 */
export function parseSandboxConfig(raw: unknown): SandboxConfig {
  const result = ConfigSchema.safeParse(raw);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          problems.push(`${formatPath([...issue.path, key])}: unknown member`);
      } else {
        problems.push(`${formatPath(issue.path)}: ${issue.message}`);
      }
    }
    throw new SandboxConfigError(problems);
  }
  const seen = new Set<string>();
  result.data.clients.forEach((client, i) => {
    if (seen.has(client.client_id)) problems.push(`clients[${i}].client_id: duplicate client_id`);
    seen.add(client.client_id);
  });
  if (problems.length > 0) throw new SandboxConfigError(problems);
  return result.data as SandboxConfig;
}

/** The demo client's id, shared with the BFF's sandbox mode. */
export const DEMO_CLIENT_ID = 'console-demo';

/**
 * The demo configuration: one client `console-demo` with every scope and every permission, the
 * demo seed, tokens of 3599 s, the real service's token rate limit and, unless `rateLimits` is
 * false, its per-endpoint limits.
 */
export function demoConfig(options: {
  clientSecret: string;
  signingKeys?: SigningKeyConfig[];
  signingRequired?: boolean;
  /** False leaves out the appendix's per-endpoint limits (the bench measures sending, not them). */
  rateLimits?: boolean;
}): SandboxConfig {
  return {
    token_ttl_seconds: 3599,
    token_rate_limit: { per_second: 1, burst: 10 },
    timings: DEFAULT_TIMINGS,
    market: DEFAULT_MARKET,
    ...(options.rateLimits === false ? {} : { rate_limits: APPENDIX_RATE_LIMITS }),
    clients: [
      {
        client_id: DEMO_CLIENT_ID,
        client_secret: options.clientSecret,
        scopes: [...ALL_SCOPES],
        permissions: [...PERMISSIONS],
        signing: {
          required: options.signingRequired ?? false,
          keys: options.signingKeys ?? [],
        },
      },
    ],
  };
}
