import type { AllowedDestination } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { revocable, targetWords, usableWords } from './destination-words';

describe('an entry of the book in words', () => {
  it('names the destination by its address and network, or its id', () => {
    expect(
      targetWords({ target: { kind: 'crypto-address', network: 'BITCOIN', address: 'bc1qx' } }),
    ).toBe('bc1qx (BITCOIN)');
    expect(targetWords({ target: { kind: 'fiat-account', fiat_account_id: 'fa-1' } })).toBe('fa-1');
    expect(targetWords({ target: { kind: 'own-profile', profile_id: 'p-1' } })).toBe('p-1');
  });

  it.each<[AllowedDestination['state'], string, boolean]>([
    ['ACTIVE', 'Usable since', true],
    ['COOLING_OFF', 'Usable from', true],
    ['PENDING_APPROVAL', 'After its approval and cooling-off', true],
    ['REVOKED', 'Not usable: revoked', false],
  ])('%s reads “%s”; revocable: %s', (state, words, canRevoke) => {
    expect(usableWords({ state })).toBe(words);
    expect(revocable({ state })).toBe(canRevoke);
  });
});
