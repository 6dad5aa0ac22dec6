import { describe, expect, it } from 'vitest';
import { EVENTS_FEED, takePage, TRANSFERS_FEED, type TimePosition } from './feeds';

const event = (id: string, at: string) => ({
  id,
  type: 'identity.denied',
  object_type: 'identity_summary_status_change',
  object: { id: `c-${id}`, identity_id: `i-${id}` },
  created_at: at,
});
const T1 = '2026-11-27T10:00:00.000Z';
const T2 = '2026-11-27T10:00:01.000Z';

describe('takePage', () => {
  it.each<[string, TimePosition, ReturnType<typeof event>[], string[], TimePosition]>([
    [
      'takes every record after the position',
      { after: T1, seen: [] },
      [event('a', T2)],
      ['a'],
      {
        after: T2,
        seen: ['event:a'],
      },
    ],
    [
      'drops a record already taken at the position’s time and keeps one not yet taken',
      { after: T1, seen: ['event:a'] },
      [event('a', T1), event('b', T1)],
      ['b'],
      { after: T1, seen: ['event:a', 'event:b'] },
    ],
    [
      'drops a record older than the position',
      { after: T2, seen: [] },
      [event('a', T1)],
      [],
      { after: T2, seen: [] },
    ],
    [
      'starts the seen list afresh when the time moves on',
      { after: T1, seen: ['event:a'] },
      [event('b', T1), event('c', T2)],
      ['b', 'c'],
      { after: T2, seen: ['event:c'] },
    ],
  ])('%s', (_name, position, records, taken, after) => {
    const result = takePage(EVENTS_FEED, position, records);
    expect(result.changes.map((c) => c.changeKey)).toEqual(taken.map((id) => `event:${id}`));
    expect(result.position).toEqual(after);
  });

  it('passes over a crypto deposit in the transfers feed but moves past it', () => {
    const result = takePage(TRANSFERS_FEED, { after: T1, seen: [] }, [
      { id: 'd', type: 'CRYPTO_DEPOSIT', status: 'COMPLETED', updated_at: T2 },
    ]);
    expect(result.changes).toEqual([]);
    expect(result.position.after).toBe(T2);
  });

  it('asks for the events from the position on, oldest first, with the page cursor', () => {
    expect(EVENTS_FEED.path(T1, 'abc', 100)).toBe(
      `/v2/events?created_at.gte=${encodeURIComponent(T1)}&order=ASC&limit=100&page_cursor=abc`,
    );
  });
});
