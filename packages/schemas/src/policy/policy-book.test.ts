import { describe, expect, it } from 'vitest';
import { coolingOffHoursOf, operationsBoundToBook } from './policy-book';
import { PolicyDocumentV2Schema, type PolicyDocumentV2Input } from './policy-document';

const doc = (extra: Partial<PolicyDocumentV2Input>) =>
  PolicyDocumentV2Schema.parse({
    format: 2,
    rules: [],
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    ...extra,
  });

describe('what a policy says of the book', () => {
  it.each([
    [{}, 'crypto-address', 24],
    [
      { destination_book: { cooling_off_hours: { 'crypto-address': 0.05 } } },
      'crypto-address',
      0.05,
    ],
    [{ destination_book: { cooling_off_hours: { 'crypto-address': 0.05 } } }, 'own-profile', 24],
    [{ destination_book: { cooling_off_hours: { 'own-profile': 0 } } }, 'own-profile', 0],
  ] as const)('%j cools a new %s off for %d h', (extra, kind, hours) => {
    expect(coolingOffHoursOf(doc(extra), kind)).toBe(hours);
  });

  it.each([
    [[], []],
    [
      [
        {
          id: 'book-only',
          operations: ['createSvcTransfer'],
          assets: 'any',
          destination: 'not-book',
          action: { kind: 'refuse', reason: 'Only to the book.' },
        },
      ],
      ['createSvcTransfer'],
    ],
    [
      [
        {
          id: 'by-kind',
          operations: ['createSvcTransfer'],
          assets: 'any',
          destination: { kind: 'crypto-address' },
          action: { kind: 'send' },
        },
      ],
      [],
    ],
  ] as const)('binds to the book the operations its rules name it for (%#)', (rules, bound) => {
    expect(operationsBoundToBook(doc({ rules: rules as never }))).toEqual(bound);
  });
});
