import { describe, expect, it } from 'vitest';
import { MetadataSchema } from './metadata';

const pairs = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

describe('metadata', () => {
  it.each([
    ['0 pairs', {}, true],
    ['6 pairs', pairs(6), true],
    ['7 pairs', pairs(7), false],
    ['100-character key', { ['k'.repeat(100)]: 'v' }, true],
    ['101-character key', { ['k'.repeat(101)]: 'v' }, false],
    ['100-character value', { k: 'v'.repeat(100) }, true],
    ['101-character value', { k: 'v'.repeat(101) }, false],
    ['empty key', { '': 'v' }, false],
    ['number value', { k: 1 }, false],
    ['array', ['a'], false],
  ])('%s → accepted %s', (_name, value, ok) => {
    expect(MetadataSchema.safeParse(value).success).toBe(ok);
  });

  it('names the limit it broke', () => {
    expect(MetadataSchema.safeParse(pairs(7)).error?.issues[0]?.message).toBe(
      'Metadata can have at most 6 pairs',
    );
  });
});
