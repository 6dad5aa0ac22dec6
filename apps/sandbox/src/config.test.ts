import { describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  APPENDIX_RATE_LIMITS,
  DEFAULT_MARKET,
  DEFAULT_TIMINGS,
  SandboxConfigError,
  demoConfig,
  parseSandboxConfig,
} from './config';

const pem =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
const good = { client_id: 'a', client_secret: 'secret-123', scopes: ['exchange:write_order'] };

function problems(raw: unknown): string[] {
  try {
    parseSandboxConfig(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxConfigError);
    return (error as SandboxConfigError).problems;
  }
  throw new Error('expected a SandboxConfigError');
}

describe('parseSandboxConfig', () => {
  it('fills in the defaults', () => {
    const config = parseSandboxConfig({ clients: [good] });
    expect(config.token_ttl_seconds).toBe(3599);
    expect(config.token_rate_limit).toEqual({ per_second: 1, burst: 10 });
    expect(config.timings).toEqual(DEFAULT_TIMINGS);
    expect(config.market).toEqual(DEFAULT_MARKET);
    expect(config.rate_limits).toBeUndefined();
  });

  it('takes timings, fees and rate limits, filling what is left out', () => {
    const config = parseSandboxConfig({
      clients: [good],
      timings: { transfer_settle_ms: 0 },
      market: { taker_fee_rate: '0.004' },
      rate_limits: { default_per_second: 5 },
    });
    expect(config.timings).toEqual({ ...DEFAULT_TIMINGS, transfer_settle_ms: 0 });
    expect(config.market).toEqual({ ...DEFAULT_MARKET, taker_fee_rate: '0.004' });
    expect(config.rate_limits).toEqual({
      window_seconds: 300,
      throttle_seconds: 300,
      default_per_second: 5,
      per_second: {},
    });
  });

  it('accepts an Ed25519 key', () => {
    const config = parseSandboxConfig({
      clients: [
        { ...good, signing: { required: true, keys: [{ kid: 'k1', public_key_pem: pem }] } },
      ],
    });
    expect(config.clients[0]?.signing?.keys[0]?.kid).toBe('k1');
  });

  it.each([
    [{}, 'clients: '],
    [{ clients: [] }, 'clients: must list at least one client'],
    [{ clients: [good], token_ttl_seconds: -1 }, 'token_ttl_seconds: '],
    [{ clients: [{ ...good, scopes: ['nope'] }] }, 'clients[0].scopes[0]: must be one of'],
    [
      { clients: [{ ...good, client_secret: 'x' }] },
      'clients[0].client_secret: must have at least 8 characters',
    ],
    [
      {
        clients: [
          {
            ...good,
            signing: {
              required: true,
              keys: [
                { kid: 'k', public_key_pem: pem },
                { kid: 'k2', public_key_pem: 'nope' },
              ],
            },
          },
        ],
      },
      'clients[0].signing.keys[1].public_key_pem: not a PEM public key',
    ],
    [
      {
        clients: [
          {
            ...good,
            signing: {
              required: true,
              keys: [
                { kid: 'k', public_key_pem: pem },
                { kid: 'k', public_key_pem: pem },
              ],
            },
          },
        ],
      },
      'clients[0].signing.keys[1].kid: duplicate kid',
    ],
    [{ clients: [good, good] }, 'clients[1].client_id: duplicate client_id'],
    [{ clients: [good], extra: 1 }, 'extra: unknown member'],
    [{ clients: [good], timings: { order_open_ms: -1 } }, 'timings.order_open_ms: '],
    [
      { clients: [good], market: { maker_fee_rate: '1.5' } },
      'market.maker_fee_rate: must be below 1',
    ],
    [
      { clients: [good], rate_limits: { default_per_second: 1, per_second: { 'v2/x': 1 } } },
      'rate_limits.per_second.v2/x: ',
    ],
    [
      { clients: [good], seed: { profiles: [{ id: 'p', balances: { USD: '-1' } }] } },
      'seed.profiles[0].balances.USD: must be a decimal',
    ],
  ])('%j → names %s', (raw, message) => {
    expect(problems(raw).join('\n')).toContain(message);
  });

  it('names every bad member at once', () => {
    const found = problems({ token_ttl_seconds: 'x', clients: [{ ...good, scopes: 'all' }] });
    expect(found.length).toBeGreaterThanOrEqual(2);
  });
});

describe('demoConfig', () => {
  it('has the console-demo client with every scope of the registry, each once', () => {
    const config = parseSandboxConfig(demoConfig({ clientSecret: 'demo-secret-1' }));
    expect(config.clients[0]?.client_id).toBe('console-demo');
    const scopes = config.clients[0]?.scopes ?? [];
    expect(new Set(scopes)).toEqual(new Set(ALL_SCOPES));
    expect(scopes).toHaveLength(new Set(scopes).size);
  });

  it("applies the appendix's rate limits unless told not to", () => {
    expect(demoConfig({ clientSecret: 'demo-secret-1' }).rate_limits).toEqual(APPENDIX_RATE_LIMITS);
    expect(
      demoConfig({ clientSecret: 'demo-secret-1', rateLimits: false }).rate_limits,
    ).toBeUndefined();
  });
});
