import { describe, expect, it } from 'vitest';
import { concerns, followedByStream } from './live-stream';

describe('concerns', () => {
  it.each([
    [['svc', 'listOrders', {}, 50], 'order', true],
    [['svc', '/v2/profiles/p/orders/o-1'], 'order', true],
    [['svc', 'listOrders', 'open', undefined], 'execution', true],
    [['svc', 'listTransfers', {}, 50], 'order', false],
    [['svc', 'listTransfers', {}, 50], 'transfer', true],
    [['svc', 'listIdentities', {}, 50], 'identity', true],
    [['svc', 'listOrders', {}, 50], 'something-new', true],
    [['journal', 'listOrders'], 'order', false],
    [['svc', 'listEvents', {}, 50], 'identity', true],
  ])('a change of a %j read for a %s record: invalidated = %s', (key, recordType, expected) => {
    expect(concerns(key, { record_type: recordType })).toBe(expected);
  });
});

describe('followedByStream', () => {
  it.each([
    ['/v2/profiles/p-1/orders/o-1', true],
    ['/v2/transfer/transfers/t-1', true],
    ['/v2/orchestration/orchestrations/c-1', true],
    ['/v2/transfer/fiat-accounts/f-1', false],
    ['/v2/orchestration/rules', false],
    [undefined, false],
  ])('%s changes on screen through the stream: %s', (path, followed) => {
    expect(followedByStream(path)).toBe(followed);
  });
});
