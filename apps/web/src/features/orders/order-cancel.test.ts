import type { Order } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { CANCELLABLE_STATUSES, canCancel, cancelNote } from './order-cancel';

const order = (fields: Partial<Order>): Order =>
  ({ id: 'o-1', status: 'OPEN', side: 'BUY', market: 'BTCUSD', type: 'LIMIT', ...fields }) as Order;

describe('which orders offer a cancel', () => {
  it.each([
    ['PENDING_SUBMISSION', true],
    ['SUBMITTED', true],
    ['OPEN', true],
    ['FILLED', false],
    ['CANCELLED', false],
    ['REJECTED', false],
    ['EXPIRED', false],
    ['SOMETHING_NEW', false],
  ])('%s: %s', (status, offered) => {
    expect(canCancel({ status })).toBe(offered);
  });

  it('offers it in no final status', () => {
    for (const status of ['FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED']) {
      expect(CANCELLABLE_STATUSES).not.toContain(status);
    }
  });
});

describe('what the confirmation says a cancel does', () => {
  it('calls it a request the service may overtake with a fill', () => {
    expect(cancelNote(order({ amount_filled: '0' }))).toMatch(
      /^Cancelling is a request: the service may still fill the order/,
    );
    expect(cancelNote(order({}))).not.toMatch(/filled already/);
  });

  it('says what has filled already stays filled', () => {
    expect(cancelNote(order({ amount_filled: '1', base_amount: '1.5' }))).toMatch(
      /1 of 1\.5 BTC has filled already and stays filled; only the rest is cancelled\.$/,
    );
  });
});
