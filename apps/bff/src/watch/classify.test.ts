import { describe, expect, it } from 'vitest';
import { changeOfEvent, changeOfOrder, changeOfTransfer } from './classify';

describe('changeOfEvent', () => {
  it.each([
    ['transfer.crypto_deposit.completed', 'transfer_status_change', 'transfer', true],
    ['transfer.crypto_withdrawal.failed', 'transfer_status_change', 'transfer', true],
    ['transfer.crypto_withdrawal.completed', 'transfer_status_change', 'transfer', false],
    ['orchestration.pending_approval', 'orchestration_status_change', 'orchestration', true],
    ['orchestration.processing', 'orchestration_status_change', 'orchestration', false],
    ['identity.denied', 'identity_summary_status_change', 'identity', true],
    ['identity.approved', 'identity_summary_status_change', 'identity', false],
    ['something.new', 'a_new_object', 'other', false],
  ])('%s is about a %s record, in the inbox: %s', (type, objectType, record, inbox) => {
    const change = changeOfEvent({
      id: 'e-1',
      type,
      object_type: objectType,
      object: { id: 'x-1', identity_id: 'i-1', profile_id: 'p-1' },
    });
    expect(change).toMatchObject({ changeKey: 'event:e-1', recordType: record, inbox });
    expect(change.recordId).toBe(record === 'identity' ? 'i-1' : 'x-1');
  });
});

describe('changes followed by update time', () => {
  it('makes a transfer one change per status and update time, a failure for the inbox', () => {
    const failed = changeOfTransfer({
      id: 't-1',
      type: 'INTERNAL_TRANSFER_DEBIT',
      status: 'FAILED',
      updated_at: '2026-11-27T10:00:00Z',
    });
    expect(failed).toMatchObject({
      changeKey: 'transfer:t-1:FAILED:2026-11-27T10:00:00Z',
      kind: 'transfer.internal_transfer_debit.failed',
      inbox: true,
    });
  });

  it('puts a filled order in the inbox and an open one not', () => {
    expect(changeOfOrder({ id: 'o-1', status: 'FILLED', amount_filled: '1' }).inbox).toBe(true);
    expect(changeOfOrder({ id: 'o-1', status: 'OPEN', amount_filled: '0' }).inbox).toBe(false);
  });
});
