import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { operations } from '@console/schemas';

/** The eight scopes of the service, one per endpoint. */
export const ALL_SCOPES: readonly string[] = Object.values(operations).map((op) => op.scope);

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

/** Seed data replacing the demo seed (see README "Seed"). Balances are decimal strings. */
export interface SandboxSeed {
  customer_id?: string;
  profiles: { id: string; nickname?: string; balances?: Record<string, string> }[];
  identities?: { id: string; account_ids?: string[] }[];
  accounts?: { id: string }[];
  fiat_accounts?: { id: string; profile_id?: string; record?: Record<string, unknown> }[];
  deposit_instructions?: { id: string; profile_id: string; asset?: string; network?: string }[];
}

/** The sandbox's configuration (`SANDBOX_CONFIG`). */
export interface SandboxConfig {
  token_ttl_seconds: number;
  token_rate_limit: { per_second: number; burst: number };
  clients: SandboxClient[];
  seed?: SandboxSeed;
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

const SeedSchema = z.strictObject({
  customer_id: id.optional(),
  profiles: z.array(
    z.strictObject({
      id,
      nickname: z.string().optional(),
      balances: z
        .record(z.string().regex(/^[A-Z0-9]{1,20}$/, 'must be an asset code'), decimal)
        .optional(),
    }),
  ),
  identities: z.array(z.strictObject({ id, account_ids: z.array(id).optional() })).optional(),
  accounts: z.array(z.strictObject({ id })).optional(),
  fiat_accounts: z
    .array(
      z.strictObject({
        id,
        profile_id: id.optional(),
        record: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  deposit_instructions: z
    .array(
      z.strictObject({
        id,
        profile_id: id,
        asset: z.string().optional(),
        network: z.string().optional(),
      }),
    )
    .optional(),
});

const ConfigSchema = z.strictObject({
  token_ttl_seconds: z.number().int().positive().default(3599),
  token_rate_limit: z
    .strictObject({ per_second: z.number().positive(), burst: z.number().int().positive() })
    .default({ per_second: 1, burst: 10 }),
  clients: z.array(ClientSchema).min(1, 'must list at least one client'),
  seed: SeedSchema.optional(),
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
 * The demo configuration: one client `console-demo` with all eight scopes and every permission,
 * the demo seed, tokens of 3599 s, and the real service's token rate limit.
 */
export function demoConfig(options: {
  clientSecret: string;
  signingKeys?: SigningKeyConfig[];
  signingRequired?: boolean;
}): SandboxConfig {
  return {
    token_ttl_seconds: 3599,
    token_rate_limit: { per_second: 1, burst: 10 },
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
