import { describe, expect, it } from 'vitest';
import { WRITE_OPERATION_IDS } from '../registry';
import { PolicyRuleSchema, type PolicyRule } from './policy-document';
import { defaultRuleWords, groupDigits, operationNoun, ruleWords } from './policy-words';

const rule = (over: Record<string, unknown>): PolicyRule =>
  PolicyRuleSchema.parse({
    id: 'r',
    operations: 'any',
    assets: 'any',
    action: { kind: 'send' },
    ...over,
  });

describe('ruleWords', () => {
  it.each([
    [
      'a hold',
      {
        operations: ['createInternalTransfer'],
        assets: ['USD'],
        amount: { above: '10000' },
        action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] },
      },
      'Internal transfers of USD above 10,000 need 2 approvers from finance or admin',
    ],
    [
      'a refusal, with a singular subject',
      { initiator_roles: ['viewer'], action: { kind: 'refuse', reason: 'viewers only read' } },
      'Any send by a viewer is refused: viewers only read',
    ],
    [
      'a send',
      {
        operations: ['createOrder'],
        assets: ['USD'],
        amount: { up_to: '500.5' },
        action: { kind: 'send' },
      },
      "Orders quoted in USD at most 500.5 (a market order by its notional estimated at the price read when it is decided, plus the policy's margin) go out at once",
    ],
    [
      'an escalation, with its wait',
      {
        operations: ['createSvcTransfer', 'createOrchestration'],
        assets: ['BTC', 'ETH'],
        amount: { above: '1', up_to: '1000000.123456789' },
        destination: 'not-book',
        action: {
          kind: 'escalate',
          approvers: 2,
          roles: ['finance', 'admin'],
          escalate_to: ['admin'],
          max_wait_hours: 4,
        },
      },
      'Svc transfers and orchestrations of BTC or ETH above 1 and at most 1,000,000.123456789 to a destination not active in the book of allowed destinations need 2 approvers from finance or admin, one of them admin, within 4 hours',
    ],
    [
      'a hold of one approver for a kind of destination',
      {
        operations: ['updateFiatAccount', 'deleteFiatAccount', 'putCryptoDestinationAddress'],
        destination: { kind: 'crypto-address' },
        initiator_roles: ['support', 'finance'],
        action: { kind: 'hold', approvers: 1, roles: ['support'] },
      },
      'Fiat account updates, fiat account deletions and destination address saves to a crypto address by a support operator or a finance operator need 1 approver from support',
    ],
  ])('says %s in plain words', (_, over, words) => {
    expect(ruleWords(rule(over))).toBe(words);
  });

  it('says "an" before a role that starts with a vowel', () => {
    const refuse = { kind: 'refuse', reason: 'read only' };
    expect(ruleWords(rule({ initiator_roles: ['auditor'], action: refuse }))).toBe(
      'Any send by an auditor is refused: read only',
    );
  });

  it('says the default', () => {
    expect(defaultRuleWords({ kind: 'hold', approvers: 1, roles: ['admin'] })).toBe(
      'Any other send needs 1 approver from admin',
    );
  });

  it('names every write operation from its registry title', () => {
    for (const id of WRITE_OPERATION_IDS) expect(operationNoun(id)).toMatch(/^[a-z][a-z ]+[a-z]$/);
    expect(operationNoun('createDepositAddress')).toBe('deposit addresses');
  });
});

describe('groupDigits', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['10000.00', '10,000.00'],
    ['0010000', '10,000'],
    ['.5', '0.5'],
    // Past what a JavaScript number holds exactly: text only.
    [
      '123456789012345678901234.000000000000000001',
      '123,456,789,012,345,678,901,234.000000000000000001',
    ],
  ])('writes %s as %s', (value, words) => {
    expect(groupDigits(value)).toBe(words);
  });
});
