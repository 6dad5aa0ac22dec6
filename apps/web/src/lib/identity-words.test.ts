import type { Identity } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import {
  controlWords,
  identityName,
  requirementStatusWords,
  requirementTypeWords,
  whyCannotTransact,
  type IdentitySide,
} from './identity-words';

const identity = (over: Partial<Identity>): Identity => ({
  id: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e401',
  type: 'PERSON',
  summary_status: 'APPROVED',
  status_details: { active_controls: [] },
  ...over,
});
const controls = (...list: { type: string; reason_code?: string }[]) => ({
  status_details: {
    active_controls: list.map((c, n) => ({
      id: `c-${n}`,
      set_by: 'SET_BY_SVC',
      created_at: '2026-01-01T00:00:00Z',
      ...c,
    })),
  },
});

describe('who can transact', () => {
  const sides: IdentitySide[] = ['buy', 'sell', 'debit', 'credit'];

  it('lets an approved identity without controls do anything', () => {
    for (const side of sides) expect(whyCannotTransact(identity({}), side)).toBeUndefined();
  });

  it.each(['PENDING', 'DENIED', 'DISABLED', 'ERROR', 'SOMETHING_NEW'])(
    'refuses %s on every side, saying its status',
    (status) => {
      for (const side of sides) {
        expect(whyCannotTransact(identity({ summary_status: status }), side)).toMatch(
          /only an approved identity can transact$/,
        );
      }
    },
  );

  it.each(['FROZEN', 'CLOSED'])(
    'refuses an active %s control on every side, with its reason',
    (type) => {
      const frozen = identity(controls({ type, reason_code: 'LEGAL_ORDER' }));
      for (const side of sides) {
        expect(whyCannotTransact(frozen, side)).toBe(
          `${type === 'FROZEN' ? 'Frozen' : 'Closed'} (legal order): it cannot transact`,
        );
      }
    },
  );

  it('lets a SELL_ONLY identity sell and receive, not buy or send', () => {
    const carol = identity(controls({ type: 'SELL_ONLY', reason_code: 'COMPLIANCE_KYC' }));
    expect(whyCannotTransact(carol, 'sell')).toBeUndefined();
    expect(whyCannotTransact(carol, 'credit')).toBeUndefined();
    expect(whyCannotTransact(carol, 'buy')).toBe(
      'Sell only (compliance: KYC): it may sell and receive, not buy',
    );
    expect(whyCannotTransact(carol, 'debit')).toMatch(/not send funds$/);
  });

  it('refuses nothing where the form moves nothing (no side), a DORMANT control neither', () => {
    expect(whyCannotTransact(identity({ summary_status: 'DENIED' }), undefined)).toBeUndefined();
    expect(whyCannotTransact(identity(controls({ type: 'DORMANT' })), 'debit')).toBeUndefined();
  });
});

describe('controls and requirements in words', () => {
  it.each([
    [{ type: 'FROZEN', reason_code: 'LEGAL_ORDER' }, 'Frozen (legal order)'],
    [
      { type: 'SELL_ONLY', reason_code: 'END_USER_REQUEST' },
      'Sell only (at the end user’s request)',
    ],
    [{ type: 'DORMANT' }, 'Dormant'],
    [{ type: 'TRAVEL_BAN', reason_code: 'NEW_REASON' }, 'TRAVEL_BAN (NEW_REASON)'],
  ])('%j reads %s', (control, words) => {
    expect(controlWords(control)).toBe(words);
  });

  it.each([
    [
      { type: 'KYC_REFRESH', status: 'PENDING', awaiting_action_from: 'CLIENT' },
      'KYC refresh',
      'Pending: awaiting the client (us)',
    ],
    [
      { type: 'ID_VERIFICATION', status: 'PENDING', awaiting_action_from: 'SVC' },
      'Identity verification',
      'Pending: awaiting the service',
    ],
    [{ type: 'MEMBERS', status: 'FAILED' }, 'Members', 'Failed: see each member identity'],
    [{ type: 'BIOMETRICS', status: 'WAITING' }, 'BIOMETRICS', 'WAITING'],
  ])('%j is %s, %s', (requirement, type, status) => {
    expect(requirementTypeWords(requirement.type)).toBe(type);
    expect(requirementStatusWords({ errors: [], ...requirement })).toBe(status);
  });
});

describe('an identity by name', () => {
  it('is a person by first and last name, an institution by name, else its reference', () => {
    expect(
      identityName(identity({ person_details: { first_name: 'Erin', last_name: 'Tanaka' } })),
    ).toBe('Erin Tanaka');
    expect(
      identityName(identity({ institution_details: { doing_business_as: 'Northwind' } })),
    ).toBe('Northwind');
    expect(identityName(identity({ ref_id: 'seed-identity-bob' }))).toBe('seed-identity-bob');
  });
});
