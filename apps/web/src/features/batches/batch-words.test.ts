import { describe, expect, it } from 'vitest';
import { counts } from '@/test/batch-fixtures';
import { countsSentence, isLiveBatch, progressOf } from './batch-words';

describe('a batch in words', () => {
  it.each([
    [
      { succeeded: 300, failed: 2, unknown: 1, sent: 9, waiting: 176, excluded: 12 },
      '312 of 488 sent',
    ],
    [{ waiting: 10 }, '0 of 10 sent'],
    [{ succeeded: 4, not_sent: 6 }, '4 of 10 sent'],
    [{ excluded: 3 }, '0 of 0 sent'],
  ])('counts the rows that have left out of those the batch sends: %o is “%s”', (c, text) => {
    expect(progressOf(counts(c)).text).toBe(text);
  });

  it('lists the counts that are not zero, in the order of a row’s life', () => {
    expect(countsSentence(counts({ waiting: 5, succeeded: 2, failed: 1 }))).toBe(
      '2 succeeded, 1 failed, 5 waiting',
    );
    expect(countsSentence(counts({}))).toBe('No rows');
  });

  it.each([
    ['awaiting_approval', {}, true],
    ['sending', {}, true],
    ['paused', {}, true],
    ['done', { succeeded: 3 }, false],
    ['done', { unknown: 1 }, true],
    ['cancelled', { sent: 1 }, true],
    ['rejected', { not_sent: 3 }, false],
  ] as const)('keeps a batch %s with %o current: %s', (state, c, live) => {
    expect(isLiveBatch({ state, counts: counts(c) })).toBe(live);
  });
});
