import type { Account } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { accountRelation, accountsOf } from './account-words';

const ALICE = 'alice-id';
const accounts: Account[] = [
  {
    id: 'northwind',
    identity_id: 'northwind-id',
    members: [{ identity_id: ALICE, roles: ['TRADE'] }],
  },
  { id: 'alice', identity_id: ALICE, members: [] },
  { id: 'bob', identity_id: 'bob-id' },
];

describe('the accounts an identity may act for', () => {
  it('are its own first, then those it is a member of, and no others', () => {
    expect(accountsOf(accounts, ALICE).map((a) => [a.account.id, a.relation])).toEqual([
      ['alice', 'primary'],
      ['northwind', 'member'],
    ]);
    expect(accountsOf(accounts, 'bob-id').map((a) => a.account.id)).toEqual(['bob']);
    expect(accountsOf(accounts, 'nobody')).toEqual([]);
  });

  it('names no relation without an identity, or to another identity’s account', () => {
    expect(accountRelation(accounts[2]!, ALICE)).toBeUndefined();
    expect(accountRelation(accounts[1]!, undefined)).toBeUndefined();
  });
});
