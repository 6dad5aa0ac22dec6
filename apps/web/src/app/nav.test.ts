import { ROLES, mayUse, operations, writesFor, type OperationId } from '@console/schemas';
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

  /*
   * What each role is shown, stated without a row per page: the entry's `roles` decide which reads
   * a role sees (held to the permission matrix by the BFF's tests), its session which forms.
   */
  it.each(ROLES)('shows %s the page of every read its role may use, and no other read', (role) => {
    const shown = new Set(
      dutiesFor(writesFor(role), role).flatMap((d) => d.items.map((i) => i.operation)),
    );
    for (const id of PAGED_OPERATIONS.filter((op) => operations[op].nav)) {
      if (operations[id].kind === 'read')
        expect([id, shown.has(id)]).toEqual([id, mayUse(role, id)]);
    }
  });

  it.each(['support', 'viewer', 'auditor'] as const)(
    'offers %s no form that moves money',
    (role) => {
      const forms = dutiesFor(writesFor(role), role).flatMap((d) =>
        d.items.map((i) => i.operation),
      );
      expect(
        forms.filter((id) => id && operations[id].kind === 'write' && operations[id].movesMoney),
      ).toEqual([]);
    },
  );

  it('shows a viewer reads only: no form and no approvals', () => {
    const items = dutiesFor([], 'viewer').flatMap((d) => d.items);
    expect(items.filter((i) => i.operation && operations[i.operation].kind === 'write')).toEqual(
      [],
    );
    expect(items.map((i) => i.label)).not.toContain('Approvals');
    expect(items.map((i) => i.label)).toEqual(
      expect.arrayContaining(['Journal', 'Allowed destinations']),
    );
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

  it.each([
    ['finance', ['createInternalTransfer'], true],
    ['admin', ['createInternalTransfer'], true],
    ['auditor', [], true],
    ['support', ['updateFiatAccount'], false],
    ['viewer', [], true],
  ] as const)('offers batches to %s: %s, under Transfers', (role, allowed, offered) => {
    const transfers = dutiesFor(allowed, role).find((d) => d.label === 'Transfers');
    const labels = (transfers?.items ?? []).map((i) => i.label);
    expect(labels.includes('Batches')).toBe(offered);
  });

  it.each([
    ['auditor', [], true],
    ['admin', ['createInternalTransfer'], true],
    ['finance', ['createInternalTransfer'], false],
    ['support', ['updateFiatAccount'], false],
    ['viewer', [], false],
  ] as const)(
    'offers the audit trail to %s in the navigation, under Journal: %s',
    (role, allowed, offered) => {
      const journal = dutiesFor(allowed, role).find((d) => d.label === 'Journal');
      const labels = (journal?.items ?? []).map((i) => i.label);
      expect(labels.includes('Audit trail')).toBe(offered);
      expect(labels.includes('Security events')).toBe(offered);
    },
  );

  it.each(['admin', 'finance', 'support', 'viewer', 'auditor'] as const)(
    'shows %s every destinations page it may use in one section',
    (role) => {
      const sections = dutiesFor(writesFor(role), role);
      const holding = sections.filter((d) =>
        d.items.some((i) =>
          ['Allowed destinations', 'Address book', 'New destination address'].includes(i.label),
        ),
      );
      expect(holding.map((d) => d.label)).toEqual(['Destinations']);
    },
  );
});
