import { describe, expect, it } from 'vitest';
import { partiesText, requestParties } from './request-parties';

const nameOf = () => undefined;

describe('what a request is about, in words', () => {
  it.each([
    [
      'a new address of the book, by network and address, with its nickname',
      { crypto_network: 'ETHEREUM', address: '0xabc', nickname: 'Cold storage' },
      'ETHEREUM address 0xabc, named “Cold storage”',
    ],
    [
      'an address the book holds, by its id, renamed',
      { id: 'c0a1', nickname: 'Vault 2' },
      'destination address c0a1, named “Vault 2”',
    ],
    ['a bookmark only', { id: 'c0a1', bookmarked_status: true }, 'destination address c0a1'],
  ])('Save destination address: %s', (_, fields, words) => {
    expect(partiesText(requestParties('putCryptoDestinationAddress', fields), nameOf)).toBe(words);
  });
});

describe('what a new entry of the book of allowed destinations names', () => {
  const named = ({ kind, id }: { kind: string; id: string }) =>
    kind === 'profile' && id === 'p-9' ? 'Payouts' : undefined;
  it.each([
    ['one of our profiles, by its nickname', { kind: 'own-profile', profile_id: 'p-9' }, 'Payouts'],
    [
      "another customer's profile",
      { kind: 'counterparty-profile', profile_id: 'p-1' },
      'profile p-1',
    ],
    ['a fiat account', { kind: 'fiat-account', fiat_account_id: 'f-1' }, 'fiat account f-1'],
    [
      'a crypto address',
      { kind: 'crypto-address', network: 'BITCOIN', address: 'bc1q' },
      'address bc1q',
    ],
    ['nothing it can read', 'bc1q', ''],
  ])('%s', (_, target, words) => {
    expect(partiesText(requestParties('addAllowedDestination', { target }), named)).toBe(words);
  });
});

describe('a proposed policy version in the queue (issue 66)', () => {
  it.each([
    [
      'its base and reason',
      { based_on: 3, reason: 'EUR payouts are new' },
      'A new approval policy replacing version 3: “EUR payouts are new”',
    ],
    ['without a reason', { based_on: 1 }, 'A new approval policy replacing version 1'],
  ])('%s', (_, fields, words) => {
    expect(partiesText(requestParties('proposePolicyVersion', fields), () => undefined)).toBe(
      words,
    );
  });
});
