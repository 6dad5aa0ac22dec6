import { operations, type JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { inputFromJournal } from './journal-input';

const entry = (request_path: string, request_body: string) =>
  ({ request_path, request_body }) as JournalEntry;

describe('inputFromJournal', () => {
  it('reads path parameters back and drops the old reference id', () => {
    const input = inputFromJournal(
      operations.createOrder,
      entry('/v2/profiles/p%201/orders', '{"side":"BUY","ref_id":"old","quote_amount":"1.50"}'),
    );
    expect(input).toEqual({ profile_id: 'p 1', side: 'BUY', quote_amount: '1.50' });
  });

  it('keeps amounts exactly as sent', () => {
    const input = inputFromJournal(
      operations.createInternalTransfer,
      entry('/v2/transfer/internal', '{"amount":"0.000000000000000001"}'),
    );
    expect(input.amount).toBe('0.000000000000000001');
  });

  it('survives a body that is not JSON', () => {
    expect(inputFromJournal(operations.createSvcTransfer, entry('/v2/transfer/svc', 'x'))).toEqual(
      {},
    );
  });
});
