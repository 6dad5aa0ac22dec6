import { describe, expect, it } from 'vitest';
import { signedWords } from './signed-decisions';

describe('a decision signed with a passkey, in words', () => {
  const at = new Date(2026, 11, 8, 14, 2, 30).toISOString();
  const base = {
    approver: 'frank',
    approver_name: 'Frank',
    passkey_name: 'YubiKey 5C',
    at,
    proof: '{}',
  };
  it.each([
    { decision: 'approve' as const, words: 'Signed with passkey ‘YubiKey 5C’ by Frank, 14:02' },
    {
      decision: 'reject' as const,
      words: 'Rejection signed with passkey ‘YubiKey 5C’ by Frank, 14:02',
    },
  ])('$decision: $words', ({ decision, words }) => {
    expect(signedWords({ ...base, decision })).toBe(words);
  });
});
