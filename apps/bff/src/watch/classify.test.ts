import { describe, expect, it } from 'vitest';
import { changeOfEvent, changeOfExecution, changeOfOrder, changeOfTransfer } from './classify';

describe('changeOfEvent', () => {
  it.each([
    ['transfer.crypto_deposit.completed', 'transfer_status_change', 'transfer', 'profile'],
    ['transfer.act_deposit.failed', 'transfer_status_change', 'transfer', 'profile'],
    ['transfer.crypto_deposit.pending', 'transfer_status_change', 'transfer', null],
    ['transfer.crypto_withdrawal.failed', 'transfer_status_change', 'transfer', 'sender-or-role'],
    ['transfer.crypto_withdrawal.completed', 'transfer_status_change', 'transfer', 'sender'],
    ['transfer.act_withdrawal.completed', 'transfer_status_change', 'transfer', 'sender'],
    ['orchestration.pending_approval', 'orchestration_status_change', 'orchestration', 'role'],
    ['orchestration.failed', 'orchestration_status_change', 'orchestration', 'role'],
    ['orchestration.completed', 'orchestration_status_change', 'orchestration', 'sender'],
    ['orchestration.processing', 'orchestration_status_change', 'orchestration', null],
    ['identity.denied', 'identity_summary_status_change', 'identity', 'role'],
    ['identity.disabled', 'identity_summary_status_change', 'identity', 'role'],
    ['identity.approved', 'identity_summary_status_change', 'identity', null],
    ['something.new', 'a_new_object', 'other', null],
  ])('%s is about a %s record, for the inbox of: %s', (type, objectType, record, audience) => {
    const change = changeOfEvent({
      id: 'e-1',
      type,
      object_type: objectType,
      object: { id: 'x-1', identity_id: 'i-1', profile_id: 'p-1', ref_id: 'r-1' },
    });
    expect(change).toMatchObject({
      changeKey: 'event:e-1',
      recordType: record,
      audience,
      profileId: 'p-1',
      refId: 'r-1',
    });
    expect(change.recordId).toBe(record === 'identity' ? 'i-1' : 'x-1');
  });
});

describe('changes followed by update time', () => {
  it('makes a transfer one change per status and update time, with its ref_id', () => {
    const failed = changeOfTransfer({
      id: 't-1',
      type: 'INTERNAL_TRANSFER_DEBIT',
      status: 'FAILED',
      ref_id: 'payout-7',
      updated_at: '2026-11-27T10:00:00Z',
    });
    expect(failed).toMatchObject({
      changeKey: 'transfer:t-1:FAILED:2026-11-27T10:00:00Z',
      kind: 'transfer.internal_transfer_debit.failed',
      refId: 'payout-7',
      audience: 'sender-or-role',
    });
  });

  it.each([
    ['INTERNAL_TRANSFER_DEBIT', 'COMPLETED', 'sender'],
    ['SVC_TRANSFER_DEBIT', 'FAILED', 'sender-or-role'],
    ['WIRE_WITHDRAWAL', 'COMPLETED', 'sender'],
    ['INTERNAL_TRANSFER_CREDIT', 'COMPLETED', null],
    ['INTERNAL_TRANSFER_CREDIT', 'FAILED', null],
    ['SVC_TRANSFER_CREDIT', 'COMPLETED', 'profile'],
    ['SVC_TRANSFER_CREDIT', 'FAILED', 'profile'],
    ['WIRE_DEPOSIT', 'COMPLETED', 'profile'],
    ['WIRE_WITHDRAWAL', 'PENDING', null],
    ['BANK_DEPOSIT', 'PENDING', null],
  ])('a %s %s is for the inbox of: %s', (type, status, audience) => {
    expect(changeOfTransfer({ id: 't-1', type, status }).audience).toBe(audience);
  });

  it.each([
    ['FILLED', 'sender'],
    ['EXPIRED', 'sender'],
    ['REJECTED', 'sender-or-role'],
    ['OPEN', null],
    ['PARTIALLY_FILLED', null],
    ['CANCELLED', null],
  ])('an order %s is for the inbox of: %s', (status, audience) => {
    expect(changeOfOrder({ id: 'o-1', status, amount_filled: '1', ref_id: 'r-1' })).toMatchObject({
      audience,
      refId: 'r-1',
    });
  });

  it('streams an execution without putting it in any inbox', () => {
    expect(changeOfExecution({ execution_id: 'x-1', profile_id: 'p-1' })).toMatchObject({
      changeKey: 'execution:x-1',
      audience: null,
      refId: null,
    });
  });
});
