import { describe, expect, it } from 'vitest';
import {
  operations,
  WRITE_OPERATION_IDS,
  type JournalEntry,
  type WriteOperationId,
} from '@console/schemas';
import { mayResendByItself, readBackPolicy } from './read-back';
import {
  holdsUpdate,
  LOST_ANSWER,
  lostAnswerOf,
  unusedPlans,
  type Intent,
} from './read-back-plans';

const intent = (body: Record<string, unknown>, params: Record<string, string> = {}): Intent => ({
  body,
  params,
});
const planOf = (op: WriteOperationId) => {
  const lost = LOST_ANSWER[op];
  if (lost.settle !== 'read') throw new Error(`${op} is not read back`);
  return lost.plan;
};
const decide = (op: WriteOperationId, status: number, body: unknown, i: Intent = intent({})) =>
  planOf(op).decide(status, body, i);

describe('holdsUpdate', () => {
  const account = {
    fiat_account_owner: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
    fiat_network_instructions: {
      wire: { account_number: '123', routing_details: { bank_name: 'B' } },
    },
    metadata: { ticket: 'SUP-1' },
    status: 'PENDING',
  };

  it.each([
    [
      'every member it gives, at any depth',
      { fiat_account_owner: { person_details: { last_name: 'Lovelace' } } },
      true,
    ],
    ['metadata equal whole', { metadata: { ticket: 'SUP-1' } }, true],
    [
      'a member with another value',
      { fiat_network_instructions: { wire: { account_number: '999' } } },
      false,
    ],
    [
      'a member the account lacks',
      { fiat_network_instructions: { wire: { intermediary_routing_details: { bank_name: 'X' } } } },
      false,
    ],
    [
      'metadata the account holds only part of',
      { metadata: { ticket: 'SUP-1', extra: 'x' } },
      false,
    ],
    ['metadata the account holds more of', { metadata: {} }, false],
  ])('%s → %s', (_name, update, holds) => {
    expect(holdsUpdate(update, account)).toBe(holds);
  });
});

describe('what a read back says', () => {
  it('finds an order by its ref_id only when it is the intent', () => {
    const i = intent({ ref_id: 'r-1', side: 'BUY', quote_amount: '100.00' }, { profile_id: 'p' });
    const order = { id: 'o', ref_id: 'r-1', side: 'BUY', quote_amount: '100', profile_id: 'p' };
    expect(decide('createOrder', 200, { items: [order] }, i)).toEqual({
      kind: 'found',
      record: order,
    });
    expect(decide('createOrder', 200, { items: [] }, i)).toEqual({ kind: 'absent' });
    expect(decide('createOrder', 200, { items: [{ ...order, side: 'SELL' }] }, i)).toMatchObject({
      kind: 'differs',
    });
    expect(decide('createOrder', 503, null, i)).toMatchObject({ kind: 'unreadable' });
  });

  it('takes the debit side of a transfer of the same kind', () => {
    const i = intent({ ref_id: 'r', amount: '1.00' });
    const debit = { ref_id: 'r', amount: '1', type: 'SVC_TRANSFER_DEBIT' };
    expect(decide('createSvcTransfer', 200, { items: [debit] }, i)).toMatchObject({
      kind: 'found',
    });
    expect(decide('createInternalTransfer', 200, { items: [debit] }, i)).toEqual({
      kind: 'absent',
    });
  });

  it('reads orchestrations under either name', () => {
    const i = intent({ ref_id: 'r' });
    for (const key of ['orchestrations', 'items']) {
      expect(decide('createOrchestration', 200, { [key]: [{ ref_id: 'r' }] }, i)).toMatchObject({
        kind: 'found',
      });
    }
  });

  it.each([
    ['CANCELLED', 'found'],
    ['OPEN', 'absent'],
    ['SUBMITTED', 'absent'],
    ['FILLED', 'differs'],
    ['REJECTED', 'differs'],
  ])('a cancel whose order is %s is %s', (status, kind) => {
    expect(decide('cancelOrder', 200, { id: 'o', status })).toMatchObject({ kind });
  });

  it('a deleted fiat account is gone from plain reads; a deleted rule is DELETED', () => {
    expect(decide('deleteFiatAccount', 404, {})).toMatchObject({ kind: 'found' });
    expect(decide('deleteFiatAccount', 200, { id: 'f' })).toEqual({ kind: 'absent' });
    const i = intent({}, { id: 'r-1' });
    expect(
      decide('deleteOrchestrationRule', 200, { rules: [{ id: 'r-1', status: 'DELETED' }] }, i),
    ).toMatchObject({ kind: 'found' });
    expect(
      decide('deleteOrchestrationRule', 200, { items: [{ id: 'r-1', status: 'ACTIVE' }] }, i),
    ).toEqual({ kind: 'absent' });
  });

  it('never re-sends an Update Fiat Account, and leaves it UNKNOWN when the read settles nothing', () => {
    expect(planOf('updateFiatAccount')).toMatchObject({
      resendWhenAbsent: false,
      whenDiffers: 'UNKNOWN',
    });
    expect(
      decide('updateFiatAccount', 200, { metadata: { a: 'b' } }, intent({ metadata: { a: 'c' } })),
    ).toMatchObject({ kind: 'differs' });
  });
});

describe('mayResendByItself', () => {
  const made = Date.parse('2026-11-24T09:00:00Z');
  const entry = (operation: string) =>
    ({ operation, created_at: new Date(made).toISOString() }) as JournalEntry;

  it('sends a Create Order again only while its ref_id cannot name another order (24 hours, less an hour of margin)', () => {
    // The spec lets a ref_id be reused 24 hours after its order closed: an hour short of that.
    const ORDER_RESEND_FOR_MS = 23 * 60 * 60 * 1000;
    expect(operations.createOrder.lostAnswer).toMatchObject({
      resendWithinMs: ORDER_RESEND_FOR_MS,
    });
    expect(mayResendByItself(entry('createOrder'), made + ORDER_RESEND_FOR_MS - 1)).toBe(true);
    expect(mayResendByItself(entry('createOrder'), made + ORDER_RESEND_FOR_MS)).toBe(false);
  });

  it('a transfer keeps its ref_id for good; an Update Fiat Account is never sent again', () => {
    const aYearOn = Date.parse('2027-11-24T09:00:00Z');
    expect(mayResendByItself(entry('createInternalTransfer'), aYearOn)).toBe(true);
    expect(mayResendByItself(entry('updateFiatAccount'), made)).toBe(false);
  });
});

describe('how a lost answer is settled', () => {
  it('is said for every write, each with a read or a reason', () => {
    expect(Object.keys(LOST_ANSWER).sort()).toEqual([...WRITE_OPERATION_IDS].sort());
    for (const id of WRITE_OPERATION_IDS) {
      const lost = LOST_ANSWER[id];
      expect(lost.settle === 'read' ? typeof lost.plan.read : lost.why.length > 10).toBeTruthy();
    }
  });

  it('keeps a plan only for the writes whose entry asks for one', () => {
    expect(unusedPlans()).toEqual([]);
  });

  it('reads a write back by its ref_id through a filter its read takes', () => {
    for (const id of WRITE_OPERATION_IDS) {
      const rule = operations[id].lostAnswer;
      if (rule.settle !== 'ref') continue;
      const read = operations[rule.read as 'listTransfers'];
      expect(Object.keys(read.shape.query), id).toContain(rule.filter);
    }
  });

  it('never sends again the entry of an operation the console does not know', () => {
    expect(lostAnswerOf('createThing')).toMatchObject({ settle: 'never' });
    expect(readBackPolicy('createThing').resendWhenAbsent).toBe(false);
    const entry = {
      operation: 'createThing',
      created_at: new Date().toISOString(),
    } as JournalEntry;
    expect(mayResendByItself(entry, Date.now())).toBe(false);
  });

  it('sends a fee quote and a rule again without a read: neither can act twice', () => {
    const entry = (operation: string) =>
      ({ operation, created_at: new Date().toISOString() }) as JournalEntry;
    expect(mayResendByItself(entry('createCryptoWithdrawalFee'), Date.now())).toBe(true);
    expect(mayResendByItself(entry('createOrchestrationRule'), Date.now())).toBe(true);
  });
});
