import { describe, expect, it } from 'vitest';
import { profilesOfSends } from './inbox-audience';

describe('profilesOfSends', () => {
  it.each([
    [
      'the two profiles of a transfer',
      [
        {
          request_path: '/v2/transfer/internal',
          request_body: '{"from_profile_id":"p-a","to_profile_id":"p-b","amount":"1"}',
        },
      ],
      ['p-a', 'p-b'],
    ],
    [
      'the profile in the path of an order and of its cancel',
      [
        { request_path: '/v2/profiles/p-c/orders', request_body: '{"market":"BTCUSD"}' },
        { request_path: '/v2/profiles/p%2Fd/orders/o-1', request_body: '' },
      ],
      ['p-c', 'p/d'],
    ],
    [
      'profiles nested in an orchestration, once each',
      [
        {
          request_path: '/v2/orchestration/orchestrations',
          request_body:
            '{"profile_id":"p-e","source":{"profile":{"profile_id":"p-e"}},"destination":{"profile":{"profile_id":"p-f"}}}',
        },
      ],
      ['p-e', 'p-f'],
    ],
    [
      'nothing from a body that names no profile or is not JSON',
      [
        { request_path: '/v2/fiat-accounts/f-1', request_body: '{"nickname":"x","profile_id":""}' },
        { request_path: '/v2/fiat-accounts/f-2', request_body: '{not json' },
      ],
      [],
    ],
  ])('finds %s', (_, sends, profiles) => {
    expect(profilesOfSends(sends)).toEqual(profiles);
  });
});
