import { describe, expect, it } from 'vitest';
import {
  differenceTitle,
  legsLine,
  openDifferences,
  instantOfDate,
  recordPath,
  utcDay,
} from './reconcile-words';

describe('reconciliation words', () => {
  it('names the legs one difference stands for, and nothing for a record alone', () => {
    expect(legsLine([{ id: 't-2', type: 'INTERNAL_TRANSFER_CREDIT', profile_id: 'p-b' }])).toBe(
      'and its leg t-2 (INTERNAL_TRANSFER_CREDIT, profile p-b)',
    );
    expect(
      legsLine([
        { id: 'c-1', type: null, profile_id: 'p-a' },
        { id: 'c-2', type: null, profile_id: null },
      ]),
    ).toBe('and its 2 legs c-1 (profile p-a), c-2');
    expect(legsLine([])).toBe('');
  });

  it.each([
    [{ kind: 'unjournaled', source: 'deposit' }, 'At the service, not in the journal (a deposit)'],
    [
      { kind: 'unjournaled', source: 'other' },
      'At the service, not in the journal (another client)',
    ],
    [{ kind: 'status', source: null }, 'Status differs'],
    [{ kind: 'absent', source: null }, 'Sent, not at the service'],
  ] as const)('names %j "%s"', (d, words) => {
    expect(differenceTitle(d)).toBe(words);
  });

  it.each([
    ['transfer', 't-1', '/transfers/t-1'],
    ['orchestration', 'o-1', '/orchestrations/o-1'],
    ['order', 'o-1', undefined],
    ['transfer', null, undefined],
  ] as const)('links a %s %s to %s', (record_type, record_id, path) => {
    expect(recordPath({ record_type, record_id })).toBe(path);
  });

  it.each([
    [{}, []],
    [{ amount: 1, absent: 2 }, ['2 sent, not at the service', '1 amount differs']],
    [{ fills: 3, absent: 0, unknown_kind: 4 }, ['3 fills differ']],
    [
      { pending: 1, unjournaled: 5 },
      ['5 at the service, not in the journal', '1 pending too long'],
    ],
  ])('lists open differences %j as %j', (openByKind, words) => {
    expect(openDifferences(openByKind).map((d) => d.words)).toEqual(words);
  });

  it('counts days in UTC, whatever the local zone', () => {
    const now = Date.parse('2026-11-27T23:30:00Z');
    expect(utcDay(0, now)).toBe('2026-11-27T00:00:00.000Z');
    expect(utcDay(1, now)).toBe('2026-11-26T00:00:00.000Z');
    expect(instantOfDate('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
  });
});
