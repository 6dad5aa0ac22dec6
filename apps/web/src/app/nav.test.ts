import { WRITE_OPERATION_IDS, operations } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { DUTIES, dutiesFor } from './nav';

describe('navigation by duty', () => {
  it('offers every write that has a place in the navigation, where its entry says', () => {
    const offered = DUTIES.flatMap((d) => d.items.map((i) => i.operation)).filter(Boolean);
    const placed = WRITE_OPERATION_IDS.filter((id) => operations[id].nav);
    expect(offered.sort()).toEqual([...placed].sort());
    for (const duty of DUTIES) {
      for (const item of duty.items) {
        if (item.operation) expect(operations[item.operation].nav?.duty).toBe(duty.label);
      }
    }
  });

  it('shows support only fiat accounts, orders, profiles, approvals and the journal', () => {
    const duties = dutiesFor(['updateFiatAccount']);
    expect(duties.map((d) => d.label)).toEqual([
      'Trading',
      'Transfers',
      'Fiat',
      'Orchestration',
      'Profiles',
      'Approvals',
      'Journal',
    ]);
    expect(duties[0]!.items.map((i) => i.label)).toEqual(['Orders']);
  });

  it('shows a viewer only what everyone reads', () => {
    expect(dutiesFor([]).flatMap((d) => d.items.map((i) => i.label))).toEqual([
      'Orders',
      'All transfers',
      'All orchestrations',
      'All rules',
      'Profiles and balances',
      'Journal',
    ]);
  });
});
