import { describe, expect, it } from 'vitest';
import { changedMembers } from './policy-changes';

const rule = (usd: string) => ({ required: true, required_above: { USD: usd, '*': '0' } });

describe('what a draft changes of the policy in force', () => {
  it.each([
    ['nothing', { operations: { createOrder: rule('1') } }, []],
    [
      'one operation’s rule, named',
      { operations: { createOrder: rule('2') } },
      [{ path: 'operations.createOrder', words: 'changed' }],
    ],
    [
      'a rule added and the wait, each named',
      {
        max_wait_hours: 4,
        operations: { createOrder: rule('1'), cancelOrder: { required: false } },
      },
      [
        { path: 'max_wait_hours', words: 'added' },
        { path: 'operations.cancelOrder', words: 'added' },
      ],
    ],
    ['a rule removed', { operations: {} }, [{ path: 'operations.createOrder', words: 'removed' }]],
  ])('%s', (_name, draft, expected) => {
    expect(changedMembers({ operations: { createOrder: rule('1') } }, draft)).toEqual(expected);
  });
});
