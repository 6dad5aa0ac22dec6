import { describe, expect, it } from 'vitest';
import { lookupsFor } from './find-query';

describe('what a pasted text can name', () => {
  it('an id: every record by id, and every reference id, the journal included', () => {
    const lookups = lookupsFor(' 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C01 ');
    expect(lookups).toContain('order-id');
    expect(lookups).toContain('journal-id');
    expect(lookups).toContain('journal-ref');
    expect(lookups).toContain('transfer-ref');
    expect(lookups).toContain('profile-id');
    expect(lookups).not.toContain('profile-nickname');
  });

  it('a transaction hash, with or without 0x', () => {
    expect(lookupsFor(`0x${'ab'.repeat(32)}`)).toEqual(['transfer-hash']);
    expect(lookupsFor('AB'.repeat(32))).toEqual(['transfer-hash']);
  });

  it('an address: the deposit addresses, and the reference ids it might be', () => {
    const lookups = lookupsFor('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    expect(lookups[0]).toBe('deposit-address-address');
    expect(lookups).toContain('order-ref');
    expect(lookups).not.toContain('order-id');
  });

  it('a word: a reference id or the start of a nickname; words with spaces: a nickname', () => {
    expect(lookupsFor('Treas')).toEqual([
      'journal-ref',
      'order-ref',
      'transfer-ref',
      'orchestration-ref',
      'fiat-account-ref',
      'deposit-address-ref',
      'profile-nickname',
    ]);
    expect(lookupsFor('Market Making')).toEqual(['profile-nickname']);
    expect(lookupsFor('   ')).toEqual([]);
  });
});
