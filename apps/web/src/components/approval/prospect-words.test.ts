import { describe, expect, it } from 'vitest';
import { stillNeededWords, waitWords } from './prospect-words';

describe('what an approval still needs, in words', () => {
  it.each([
    [2, 'finance or admin', '2 more approvers: finance or admin'],
    [1, 'finance or admin', '1 more approver: finance or admin'],
    [0, 'finance or admin', 'No more approvals needed'],
  ])('%i still needed', (still, _roles, words) => {
    expect(
      stillNeededWords({ still_needed: still, candidates: 3, stalled: null }, ['finance', 'admin']),
    ).toBe(words);
  });

  it('says before Send what the send will wait for, and how long', () => {
    expect(
      waitWords({ approvers_needed: 2, eligible_roles: ['finance', 'admin'], max_wait_hours: 24 }),
    ).toBe('Waits for 2 approvers from finance or admin, up to 24 hours');
    expect(waitWords({ approvers_needed: 1, eligible_roles: ['admin'], max_wait_hours: 1 })).toBe(
      'Waits for 1 approver from admin, up to 1 hour',
    );
  });
});
