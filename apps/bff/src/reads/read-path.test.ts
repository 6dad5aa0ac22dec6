import { describe, expect, it } from 'vitest';
import { matchReadPath } from './read-path';

const reads = [
  { id: 'listOrders', path: '/v2/orders' },
  { id: 'getOrder', path: '/v2/profiles/{profile_id}/orders/{id}' },
  { id: 'listProfileOrders', path: '/v2/profiles/{profile_id}/orders' },
  { id: 'getProfile', path: '/v2/profiles/{profile_id}' },
];

describe('matchReadPath', () => {
  it('matches a template segment by segment and decodes each parameter', () => {
    expect(matchReadPath('/v2/profiles/p%201/orders/o-9', reads)).toEqual({
      read: reads[1],
      params: { profile_id: 'p 1', id: 'o-9' },
    });
    expect(matchReadPath('/v2/orders', reads)).toEqual({ read: reads[0], params: {} });
    expect(matchReadPath('/v2/profiles/default', reads)).toMatchObject({ read: reads[3] });
  });

  it.each([
    '/v2/profiles/../orders',
    '/v2/profiles/./orders',
    '/v2/profiles/%2e%2e/orders',
    '/v2/profiles/%2E%2e/orders',
    '/v2/profiles/p-1%2Forders',
    '/v2/profiles/p-1%2forders/o',
    '/v2/profiles/p-1%5Corders',
    '/v2/profiles/p-1\\orders',
    '/v2/profiles//orders',
    '/v2/profiles/p%00/orders',
    '/v2/profiles/p-1/orders/o%E0%A4%A',
  ])('refuses %s with 400', (path) => {
    expect(matchReadPath(path, reads)).toMatchObject({ refused: 400 });
  });

  it.each(['/v2/transfer/internal', '/v2/profiles/p-1/orders/o-1/extra', '/v2', '/v1/orders'])(
    'answers 404 for %s, which no read has',
    (path) => {
      expect(matchReadPath(path, reads)).toMatchObject({ refused: 404 });
    },
  );
});
