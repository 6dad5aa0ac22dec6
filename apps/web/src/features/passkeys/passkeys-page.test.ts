import type { Passkey } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { stateWords } from './passkeys-page';

describe('a passkey’s state in words', () => {
  const base = {
    id: '00000000-0000-4000-8000-000000000001',
    credential_id: 'abc',
    username: 'frank',
    name: 'YubiKey 5C',
    created_at: '2026-12-08T14:02:00.000Z',
    usable_from: '2026-12-09T14:02:00.000Z',
    last_used_at: null,
    confirmed_by: null,
    confirmed_at: null,
    revoked_by: null,
    revoked_at: null,
    transports: [],
  } satisfies Omit<Passkey, 'state'>;
  it.each([
    { state: 'pending' as const, words: 'Cooling off' },
    { state: 'active' as const, words: 'Signs decisions' },
    { state: 'revoked' as const, words: 'Revoked' },
  ])('$state: $words', ({ state, words }) => {
    expect(stateWords({ ...base, state })).toBe(words);
  });
});
