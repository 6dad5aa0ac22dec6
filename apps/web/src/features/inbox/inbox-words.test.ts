import { describe, expect, it } from 'vitest';
import { bellWords, inboxDetail, inboxPath, inboxTitle, needsActionNow } from './inbox-words';

describe('inbox words', () => {
  it.each([
    ['order.filled', 'Order filled'],
    ['order.expired', 'Order expired'],
    ['transfer.crypto_deposit.completed', 'Crypto deposit arrived'],
    ['transfer.act_deposit.failed', 'ACT deposit failed'],
    ['transfer.wire_deposit.completed', 'Wire deposit arrived'],
    ['transfer.internal_transfer_debit.failed', 'Transfer failed'],
    ['transfer.internal_transfer_debit.completed', 'Transfer completed'],
    ['transfer.crypto_withdrawal.completed', 'Transfer completed'],
    ['transfer.svc_transfer_credit.completed', 'Transfer received'],
    ['transfer.svc_transfer_credit.failed', 'Incoming transfer failed'],
    ['orchestration.completed', 'Orchestration completed'],
    ['orchestration.pending_approval', 'Orchestration waits for the service’s approval'],
    ['a.kind.nobody.knows', 'a.kind.nobody.knows'],
  ])('names %s "%s"', (kind, title) => {
    expect(inboxTitle({ kind })).toBe(title);
  });

  it('says an order’s market and fill, and an event’s amount and asset', () => {
    expect(
      inboxDetail({ record_id: 'o-1', record: { market: 'BTCUSD', amount_filled: '0.01' } }),
    ).toBe('BTCUSD · 0.01');
    expect(
      inboxDetail({
        record_id: 't-1',
        record: {
          type: 'transfer.crypto_deposit.completed',
          object: { amount: '1', asset: 'BTC' },
        },
      }),
    ).toBe('1 BTC');
  });

  it.each([
    ['transfer', 't-1', null, '/transfers/t-1'],
    ['orchestration', 'o/1', null, '/orchestrations/o%2F1'],
    ['identity', 'i-1', null, '/identities/i-1'],
    ['order', 'o-1', 'p-1', '/orders/p-1/o-1'],
    ['order', 'o-1', null, undefined],
    ['execution', 'x-1', 'p-1', undefined],
  ])('links a %s %s (profile %s) to %s', (record_type, record_id, profile_id, path) => {
    expect(inboxPath({ record_type, record_id, profile_id })).toBe(path);
  });

  it.each([
    ['transfer.crypto_withdrawal.failed', true, true],
    ['orchestration.pending_approval', true, true],
    ['order.filled', true, false],
    ['transfer.crypto_deposit.completed', true, false],
  ])('toasts %s (in the inbox: %s) = %s', (kind, inbox, toast) => {
    expect(needsActionNow({ kind, inbox })).toBe(toast);
  });

  it.each([
    [0, 0, 0, 'Inbox'],
    [2, 0, 2, 'Inbox, 2 unread'],
    [0, 1, 1, 'Inbox, 1 request waits for your approval'],
    [3, 2, 5, 'Inbox, 3 unread, 2 requests wait for your approval'],
  ])(
    'a bell with %i unread and %i waiting counts %i and is named "%s"',
    (unread, waiting, count, label) => {
      expect(bellWords({ unread, waiting })).toEqual({ count, label });
    },
  );
});
