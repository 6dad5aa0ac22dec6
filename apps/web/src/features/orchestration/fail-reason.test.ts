import { describe, expect, it } from 'vitest';
import { failReasonInWords, legInWords } from './fail-reason';

describe('failReasonInWords', () => {
  it.each([
    [
      'the service’s detail',
      { detail: 'Insufficient funds at the source' },
      'Insufficient funds at the source',
    ],
    ['other members as they came', { code: 'NO_ROUTE', step: 2 }, 'code: NO_ROUTE; step: 2'],
    ['nothing for an empty object', {}, undefined],
    ['nothing for null', null, undefined],
  ])('%s', (_, reason, words) => {
    expect(failReasonInWords(reason)).toBe(words);
  });
});

describe('legInWords', () => {
  it('says a PENDING leg is planned, not waiting on a transfer that exists', () => {
    expect(legInWords('PENDING', undefined)).toMatch(/^Planned/);
    expect(legInWords('PROCESSING', 't-1')).toBe('Running');
    expect(legInWords('SOMETHING', 't-1')).toBe('Status SOMETHING');
  });
});
