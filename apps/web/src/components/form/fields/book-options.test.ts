import type { AllowedDestination, DestinationTarget } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { bookRefusal, standingIn, withBook, type BookState } from './book-options';
import type { PickerOption } from './list-picker';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const time = (iso: string) => `at ${iso}`;

const profile = (id: string): DestinationTarget => ({
  kind: 'counterparty-profile',
  profile_id: id,
});

function entry(
  id: string,
  state: AllowedDestination['state'],
  more: Partial<AllowedDestination> = {},
): AllowedDestination {
  return {
    id: `e-${id}`,
    target: profile(id),
    name: `Entry ${id}`,
    reason: 'Supplier',
    state,
    usable_from: state === 'ACTIVE' ? '2026-11-26T10:00:00Z' : null,
    added_by: 'fiona',
    added_by_name: 'Fiona',
    proposed_at: '2026-11-25T10:00:00Z',
    proposal_id: `j-${id}`,
    approved_by: [],
    approved_at: null,
    revoked: null,
    ...more,
  };
}

const BOOK: AllowedDestination[] = [
  entry('active', 'ACTIVE', { sent_before: false }),
  entry('cooling', 'COOLING_OFF', { usable_from: '2026-11-27T12:00:00Z' }),
  entry('cooling-soon', 'COOLING_OFF', { usable_from: '2026-11-27T11:00:00Z' }),
  entry('cooled', 'COOLING_OFF', { usable_from: '2026-11-27T09:59:59Z' }),
  entry('pending', 'PENDING_APPROVAL'),
  entry('revoked', 'REVOKED', {
    revoked: { at: '2026-11-26T10:00:00Z', by: 'ada', by_name: 'Ada', reason: 'Closed' },
  }),
  // Revoked once, then added again: the live entry speaks for it.
  entry('readded', 'REVOKED'),
  entry('readded', 'ACTIVE', { id: 'e-readded-2', name: 'Again' }),
];

describe('where a destination stands in the book, as a picker shows it', () => {
  it.each<[string, BookState, string | undefined]>([
    ['active', 'ACTIVE', undefined],
    [
      'cooling',
      'COOLING_OFF',
      'cooling off in the book of allowed destinations, usable from at 2026-11-27T12:00:00Z',
    ],
    ['cooled', 'ACTIVE', undefined],
    [
      'pending',
      'PENDING_APPROVAL',
      'awaiting a second operator’s approval for the book of allowed destinations',
    ],
    ['revoked', 'REVOKED', 'revoked from the book of allowed destinations'],
    ['readded', 'ACTIVE', undefined],
    ['stranger', 'NOT_IN_BOOK', undefined],
  ])('%s stands %s, and cannot be chosen because: %s', (id, state, refusal) => {
    const standing = standingIn(BOOK, profile(id), NOW);
    expect(standing.state).toBe(state);
    expect(bookRefusal(standing, time)).toBe(refusal);
  });

  it('a profile id is another destination as an own profile than as a counterparty', () => {
    expect(standingIn(BOOK, { kind: 'own-profile', profile_id: 'active' }, NOW).state).toBe(
      'NOT_IN_BOOK',
    );
  });
});

describe('a picker’s options with the book', () => {
  const options: PickerOption[] = [
    'revoked',
    'stranger',
    'pending',
    'cooling',
    'active',
    'cooling-soon',
    'readded',
  ].map((id) => ({ value: id, label: id, detail: 'profile' }));
  const shown = withBook(options, (o) => profile(o.value), BOOK, NOW, time);

  it('lists active entries first, then cooling off soonest first, not in the book, awaiting approval, revoked', () => {
    expect(shown.map((o) => o.value)).toEqual([
      'active',
      'readded',
      'cooling-soon',
      'cooling',
      'stranger',
      'pending',
      'revoked',
    ]);
  });

  it.each<[string, boolean, string]>([
    ['active', true, 'profile · In the book as “Entry active”'],
    ['cooling', false, 'profile'],
    ['pending', false, 'profile'],
    ['revoked', false, 'profile'],
    ['stranger', true, 'profile · Not in the book: add it to send there'],
  ])('%s can be chosen: %s; its line reads “%s”', (id, choosable, detail) => {
    const option = shown.find((o) => o.value === id)!;
    expect(option.unavailable === undefined).toBe(choosable);
    expect(option.detail).toBe(detail);
  });

  it('the cooling-off option says when it becomes usable', () => {
    expect(shown.find((o) => o.value === 'cooling')!.unavailable).toContain(
      'usable from at 2026-11-27T12:00:00Z',
    );
  });

  it('an option the picker refused for its own reason keeps it, and goes last', () => {
    const own = withBook(
      [
        { value: 'active', label: 'a', unavailable: 'not approved by the service' },
        { value: 'stranger', label: 's' },
      ],
      (o) => profile(o.value),
      BOOK,
      NOW,
      time,
    );
    expect(own.map((o) => [o.value, o.unavailable])).toEqual([
      ['stranger', undefined],
      ['active', 'not approved by the service'],
    ]);
  });

  it('an option whose destination is not known (no network) is left as it is, after the book’s', () => {
    const unknown = withBook(
      [
        { value: 'x', label: 'x' },
        { value: 'pending', label: 'p' },
      ],
      (o) => (o.value === 'x' ? undefined : profile(o.value)),
      BOOK,
      NOW,
      time,
    );
    expect(unknown.map((o) => [o.value, o.unavailable !== undefined])).toEqual([
      ['pending', true],
      ['x', false],
    ]);
  });
});
