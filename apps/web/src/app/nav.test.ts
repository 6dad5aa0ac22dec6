import { OPERATION_IDS } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { DUTIES, dutiesFor } from './nav';

describe('navigation by duty', () => {
  it('offers every operation somewhere', () => {
    const offered = DUTIES.flatMap((d) => d.items.map((i) => i.operation)).filter(Boolean);
    expect(offered.sort()).toEqual([...OPERATION_IDS].sort());
  });

  it('shows support only fiat accounts, orders, approvals and the journal', () => {
    const duties = dutiesFor(['updateFiatAccount']);
    expect(duties.map((d) => d.label)).toEqual(['Trading', 'Fiat', 'Approvals', 'Journal']);
    expect(duties[0]!.items.map((i) => i.label)).toEqual(['Orders']);
  });

  it('shows a viewer only what everyone reads', () => {
    expect(dutiesFor([]).flatMap((d) => d.items.map((i) => i.label))).toEqual([
      'Orders',
      'Journal',
    ]);
  });
});
