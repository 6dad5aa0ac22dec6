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
