import { UUID } from './picker';

/**
 * What a pasted text can name, and so where the search looks. Each lookup is one read: the
 * service's filters through the read proxy (`ids`, `ref_ids`, `crypto_tx_hashes`, `nickname`),
 * the journal (an entry by id, entries by `ref_id`), or, for what the service has no filter for
 * (an order by id alone, a deposit address by its address), a read that finds it.
 */
export const LOOKUPS = [
  'journal-id',
  'journal-ref',
  'order-id',
  'order-ref',
  'transfer-id',
  'transfer-ref',
  'transfer-hash',
  'orchestration-id',
  'orchestration-ref',
  'fiat-account-id',
  'fiat-account-ref',
  'deposit-address-id',
  'deposit-address-ref',
  'deposit-address-address',
  'rule-id',
  'profile-id',
  'profile-nickname',
] as const;
export type Lookup = (typeof LOOKUPS)[number];

/** A crypto transaction hash: 64 hex digits, with `0x` on the EVM chains. */
const TX_HASH = /^(0x)?[0-9a-f]{64}$/i;
/** An address as pasted: letters and digits only, long enough not to be a name. */
const ADDRESS = /^(0x)?[0-9A-Za-z]{20,}$/;
/** A reference id as the service takes one: a single token of at most 200 characters. */
const TOKEN = /^\S{1,200}$/;

/** The lookups that could find what `text` names; none for empty text. */
export function lookupsFor(text: string): Lookup[] {
  const value = text.trim();
  if (!value) return [];
  if (UUID.test(value)) {
    return [
      'journal-id',
      'journal-ref',
      'order-id',
      'order-ref',
      'transfer-id',
      'transfer-ref',
      'orchestration-id',
      'orchestration-ref',
      'fiat-account-id',
      'fiat-account-ref',
      'deposit-address-id',
      'deposit-address-ref',
      'rule-id',
      'profile-id',
    ];
  }
  if (TX_HASH.test(value)) return ['transfer-hash'];
  const refs: Lookup[] = [
    'journal-ref',
    'order-ref',
    'transfer-ref',
    'orchestration-ref',
    'fiat-account-ref',
    'deposit-address-ref',
  ];
  if (ADDRESS.test(value)) return ['deposit-address-address', ...refs];
  if (TOKEN.test(value)) return [...refs, 'profile-nickname'];
  // Words with spaces: a profile's nickname ("Market Making").
  return value.length <= 100 ? ['profile-nickname'] : [];
}
