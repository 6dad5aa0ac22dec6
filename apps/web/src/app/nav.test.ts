import { operations, type OperationId } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { DUTIES, dutiesFor } from './nav';
import { PAGED_OPERATIONS } from './operation-pages';

describe('navigation by duty', () => {
  it('offers every page of the registry that has a place in the navigation, where its entry says', () => {
    const offered = DUTIES.flatMap((d) => d.items.map((i) => i.operation)).filter(Boolean);
    const placed = PAGED_OPERATIONS.filter((id) => operations[id].nav);
    expect(offered.sort()).toEqual([...placed].sort());
    for (const duty of DUTIES) {
      for (const item of duty.items) {
        if (item.operation) expect(operations[item.operation].nav?.duty).toBe(duty.label);
      }
    }
  });

  it('names no two entries alike, so "Orchestrations" is one page and the form is "New orchestration"', () => {
    const labels = DUTIES.flatMap((d) => d.items.map((i) => i.label));
    expect(new Set(labels).size).toBe(labels.length);
    const orchestration = DUTIES.find((d) => d.label === 'Orchestration')!;
    expect(orchestration.items.map((i) => i.label)).toEqual([
      'Orchestrations',
      'Rules',
      'New orchestration',
      'New rule',
    ]);
  });

  it('puts what the service holds before the forms that change it, within each duty', () => {
    for (const duty of DUTIES) {
      const kinds = duty.items
        .filter((i) => i.operation)
        .map((i) => operations[i.operation as OperationId].kind);
      expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'read' ? -1 : 1)));
    }
  });

  it('shows support the lists, approvals, the book of allowed destinations and the journal (an account is changed from its page)', () => {
    const duties = dutiesFor(['updateFiatAccount', 'deleteFiatAccount'], 'support');
    expect(duties.flatMap((d) => d.items.map((i) => i.label))).toEqual([
      'Orders',
      'Transfers',
      'Deposit addresses',
      'Address book',
      'Fiat accounts',
      'Deposit instructions',
      'Orchestrations',
      'Rules',
      'Profiles and balances',
      'Identities',
      'Accounts',
      'Approvals',
      'Allowed destinations',
      'Journal',
    ]);
  });

  it('shows a viewer only what everyone reads, the book of allowed destinations included', () => {
    expect(dutiesFor([], 'viewer').flatMap((d) => d.items.map((i) => i.label))).toEqual([
      'Orders',
      'Transfers',
      'Deposit addresses',
      'Address book',
      'Fiat accounts',
      'Deposit instructions',
      'Orchestrations',
      'Rules',
      'Profiles and balances',
      'Identities',
      'Accounts',
      'Allowed destinations',
      'Journal',
    ]);
  });

  it.each([
    ['finance', ['createInternalTransfer'], true],
    ['admin', ['createInternalTransfer'], true],
    ['auditor', [], true],
    ['support', ['updateFiatAccount'], false],
    ['viewer', [], false],
  ] as const)('offers reconciliation to %s: %s', (role, allowed, offered) => {
    const labels = dutiesFor(allowed, role).flatMap((d) => d.items.map((i) => i.label));
    expect(labels.includes('Reconciliation')).toBe(offered);
  });
});
