import { describe, expect, it } from 'vitest';
import { endpointOf } from './endpoints';
import { operations } from './registry';

describe('endpointOf', () => {
  it.each(Object.values(operations).map((op) => [op.id, op] as const))(
    'counts a request of %s against its path template',
    (_, op) => {
      const params = Object.fromEntries(op.pathParams.map((name) => [name, `v-${name}`]));
      expect(endpointOf(op.path.replace(/\{(\w+)\}/g, (_, n: string) => params[n]!))).toBe(op.path);
    },
  );

  it('leaves the query out: every page and filter of a list is one endpoint', () => {
    expect(endpointOf('/v2/transfer/transfers?profile_ids=p-1&limit=50')).toBe(
      '/v2/transfer/transfers',
    );
  });

  it('tells apart paths that differ by a segment', () => {
    expect(endpointOf('/v2/profiles/p-1')).toBe('/v2/profiles/{profile_id}');
    expect(endpointOf('/v2/profiles/p-1/balances')).toBe('/v2/profiles/{profile_id}/balances');
    expect(endpointOf('/v2/profiles/p-1/balances/BTC')).toBe(
      '/v2/profiles/{profile_id}/balances/{asset}',
    );
  });

  it('names a path of no operation by itself (the token endpoint)', () => {
    expect(endpointOf('/oauth2/token')).toBe('/oauth2/token');
  });
});
