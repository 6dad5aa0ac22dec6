import type { AllowedDestination, DestinationTarget, JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import type { DestinationRow, PendingProposal } from './destination-store';
import { bookEntry, inPickerOrder, pendingEntry, standingOf } from './destination-view';

const T = Date.UTC(2026, 11, 1, 9, 0, 0);
const at = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

const wallet: DestinationTarget = {
  kind: 'crypto-address',
  network: 'ETHEREUM',
  address: '0xA11CE0000000000000000000000000000000BEEF',
};
const otherWallet: DestinationTarget = { ...wallet, address: `${wallet.address.slice(0, -4)}DEAD` };

const row = (over: Partial<DestinationRow> = {}): DestinationRow => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  target: wallet,
  name: 'Payroll wallet',
  reason: 'Monthly payroll',
  added_by: 'fiona',
  added_by_name: 'Fiona',
  proposed_at: at(T - 2 * HOUR),
  proposal_id: '00000000-0000-4000-8000-0000000000e1',
  approved_at: at(T - HOUR),
  usable_from: at(T),
  revoked: null,
  ...over,
});
const revoked = { at: at(T - HOUR / 2), by: 'ada', by_name: 'Ada', reason: 'Contract ended' };

const proposal = (target: DestinationTarget, id = '00000000-0000-4000-8000-0000000000a2') =>
  ({
    entry: {
      id: '00000000-0000-4000-8000-0000000000e2',
      operator: 'fred',
      operator_name: 'Fred',
      created_at: at(T - 10 * 60_000),
    } as JournalEntry,
    proposal: { id, target, name: 'New payroll wallet', reason: 'Pool moved' },
  }) satisfies PendingProposal;

describe('where a destination stands when a send to it is decided', () => {
  it.each([
    ['the moment its cooling-off ends: ACTIVE', row(), T, 'ACTIVE'],
    ['a millisecond before: COOLING_OFF', row(), T - 1, 'COOLING_OFF'],
    [
      'approved with no time set to be usable: COOLING_OFF',
      row({ usable_from: null }),
      T,
      'COOLING_OFF',
    ],
  ] as const)('an entry of the book, %s', (_, entry, now, state) => {
    expect(standingOf(wallet, entry, [], now)).toEqual({
      state,
      entryId: entry.id,
      name: 'Payroll wallet',
      usableFrom: entry.usable_from,
      revoked: null,
    });
  });

  it('a revoked entry stays REVOKED after its cooling-off, saying when, by whom and why', () => {
    expect(standingOf(wallet, row({ revoked }), [], T + HOUR)).toEqual({
      state: 'REVOKED',
      entryId: row().id,
      name: 'Payroll wallet',
      usableFrom: null,
      revoked,
    });
  });

  it('a revoked entry proposed again awaits approval: the proposal, not the revocation', () => {
    const again = proposal(wallet);
    expect(standingOf(wallet, row({ revoked }), [proposal(otherWallet, 'x'), again], T)).toEqual({
      state: 'PENDING_APPROVAL',
      entryId: again.proposal.id,
      name: 'New payroll wallet',
      usableFrom: null,
      revoked: null,
    });
  });

  it('a live entry is what counts, whatever else is proposed', () => {
    expect(standingOf(wallet, row(), [proposal(wallet)], T).state).toBe('ACTIVE');
  });

  it('a destination neither in the book nor proposed is NOT_IN_BOOK, even with others proposed', () => {
    expect(standingOf(wallet, undefined, [proposal(otherWallet)], T)).toEqual({
      state: 'NOT_IN_BOOK',
      entryId: null,
      name: null,
      usableFrom: null,
      revoked: null,
    });
  });
});

describe('an entry of the book as an operator reads it', () => {
  it('names who proposed and approved it, when, and its state at that moment', () => {
    const entry = row();
    expect(bookEntry(entry, ['fred'], T - 1)).toEqual({
      id: entry.id,
      target: wallet,
      name: 'Payroll wallet',
      reason: 'Monthly payroll',
      state: 'COOLING_OFF',
      usable_from: at(T),
      added_by: 'fiona',
      added_by_name: 'Fiona',
      proposed_at: at(T - 2 * HOUR),
      proposal_id: entry.proposal_id,
      approved_by: ['fred'],
      approved_at: at(T - HOUR),
      revoked: null,
    });
  });

  it('a revoked entry reads REVOKED, whenever its cooling-off ended', () => {
    expect(bookEntry(row({ revoked }), [], T + HOUR)).toMatchObject({ state: 'REVOKED', revoked });
    expect(bookEntry(row({ revoked }), [], T - HOUR).state).toBe('REVOKED');
  });

  it('a proposal approved and not yet in the book: its proposer from the journal, not yet usable', () => {
    const pending = proposal(wallet);
    expect(pendingEntry(pending, ['fiona'])).toEqual({
      id: pending.proposal.id,
      target: wallet,
      name: 'New payroll wallet',
      reason: 'Pool moved',
      state: 'PENDING_APPROVAL',
      usable_from: null,
      added_by: 'fred',
      added_by_name: 'Fred',
      proposed_at: at(T - 10 * 60_000),
      proposal_id: pending.entry.id,
      approved_by: ['fiona'],
      approved_at: null,
      revoked: null,
    });
  });
});

describe('the book in the order a picker offers it', () => {
  const entry = (
    id: string,
    state: AllowedDestination['state'],
    name: string,
    when: { usable?: number; proposed?: number; revokedAt?: number } = {},
  ) =>
    ({
      id,
      name,
      state,
      usable_from: when.usable === undefined ? null : at(when.usable),
      proposed_at: at(when.proposed ?? T - 24 * HOUR),
      revoked: when.revokedAt === undefined ? null : { ...revoked, at: at(when.revokedAt) },
    }) as AllowedDestination;

  it('usable first by name, then soonest usable, then awaiting approval, then the latest revoked first', () => {
    const book = [
      entry('r-early', 'REVOKED', 'A', { revokedAt: T - 5 * HOUR, proposed: T - 24 * HOUR }),
      entry('r-mid', 'REVOKED', 'C', { revokedAt: T - 3 * HOUR, proposed: T - 72 * HOUR }),
      entry('p-late', 'PENDING_APPROVAL', 'A', { proposed: T - HOUR }),
      entry('c-late', 'COOLING_OFF', 'A', { usable: T + 5 * HOUR }),
      entry('a-zeta', 'ACTIVE', 'Zeta bank', { usable: T - 9 * HOUR }),
      entry('r-late', 'REVOKED', 'B', { revokedAt: T - HOUR, proposed: T - 48 * HOUR }),
      entry('p-early', 'PENDING_APPROVAL', 'B', { proposed: T - 3 * HOUR }),
      entry('c-soon', 'COOLING_OFF', 'B', { usable: T + HOUR }),
      entry('a-alpha', 'ACTIVE', 'Alpha fund', { usable: T - HOUR }),
    ];
    expect(inPickerOrder(book).map((e) => e.id)).toEqual([
      'a-alpha',
      'a-zeta',
      'c-soon',
      'c-late',
      'p-early',
      'p-late',
      'r-late',
      'r-mid',
      'r-early',
    ]);
    // The book given is left as it was.
    expect(book[0]!.id).toBe('r-early');
  });

  it('entries alike in all else keep one order, by id', () => {
    const twins = [entry('b', 'ACTIVE', 'Same'), entry('a', 'ACTIVE', 'Same')];
    expect(inPickerOrder(twins).map((e) => e.id)).toEqual(['a', 'b']);
    const cooling = [
      entry('d', 'COOLING_OFF', 'X', { usable: T }),
      entry('c', 'COOLING_OFF', 'Y', { usable: T }),
    ];
    expect(inPickerOrder(cooling).map((e) => e.id)).toEqual(['c', 'd']);
  });
});
