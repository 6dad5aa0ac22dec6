import { describe, expect, it } from 'vitest';
import { inboxDetail, inboxTitle, needsActionNow } from './inbox-words';

describe('inbox words', () => {
  it.each([
    ['order.filled', 'Order filled'],
    ['transfer.crypto_deposit.completed', 'Crypto deposit arrived'],
    ['transfer.internal_transfer_debit.failed', 'Transfer failed'],
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
    ['transfer.crypto_withdrawal.failed', true, true],
    ['orchestration.pending_approval', true, true],
    ['order.filled', true, false],
    ['transfer.crypto_deposit.completed', true, false],
  ])('toasts %s (in the inbox: %s) = %s', (kind, inbox, toast) => {
    expect(needsActionNow({ kind, inbox })).toBe(toast);
  });
});
