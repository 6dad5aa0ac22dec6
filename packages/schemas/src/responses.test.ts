import { describe, expect, it } from 'vitest';
import { OrderSchema } from './resources/order';
import { TransferSchema } from './resources/transfer';
import { isKnownValue } from './primitives/enums';
import { ORDER_STATUSES } from './primitives/trading-enums';
import { problemCode } from './problem';

const order = { id: 'o-1', status: 'OPEN', side: 'BUY', market: 'BTCUSD', type: 'LIMIT' };

describe('responses', () => {
  it('keep an unknown status as itself instead of failing', () => {
    const parsed = OrderSchema.parse({ ...order, status: 'PARTIALLY_FILLED' });
    expect(parsed.status).toBe('PARTIALLY_FILLED');
    expect(isKnownValue(ORDER_STATUSES, parsed.status)).toBe(false);
  });

  it('keep fields the service adds', () => {
    expect(OrderSchema.parse({ ...order, venue: 'x' })).toHaveProperty('venue', 'x');
  });

  it('are strict where the console depends on a field', () => {
    expect(OrderSchema.safeParse({ ...order, id: undefined }).success).toBe(false);
    const transfer = {
      id: 't',
      customer_id: 'c',
      profile_id: 'p',
      amount: '1',
      total: '1',
      fee: '0',
      asset: 'USD',
      direction: 'DEBIT',
      type: 'INTERNAL_TRANSFER_DEBIT',
      status: 'PENDING',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    expect(TransferSchema.safeParse(transfer).success).toBe(true);
    expect(TransferSchema.safeParse({ ...transfer, amount: undefined }).success).toBe(false);
    const abused = {
      ...transfer,
      status: 'FAILED',
      status_details: { max_rent_exceeded: { message: 'm', destination_address: 'a' } },
    };
    expect(TransferSchema.parse(abused).status_details?.max_rent_exceeded?.message).toBe('m');
  });

  it.each([
    ['https://svc.example/problems/insufficient-funds', 'insufficient-funds'],
    ['https://svc.example/problems/already-exists/', 'already-exists'],
    ['about:blank', 'about:blank'],
    [undefined, 'about:blank'],
  ])('problem type %j is matched by its last segment', (type, code) => {
    expect(problemCode(type)).toBe(code);
  });
});
