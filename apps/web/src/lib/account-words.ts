import type { Account } from '@console/schemas';

/*
 * Accounts and the identities that may act for them (appendix B): an account belongs to its
 * primary identity, and its members may act for it too. A request that names an identity and an
 * account is refused unless the account is the identity's in one of these two ways.
 */

/** How an identity may act for an account: as its primary identity, or as a member. */
export type AccountRelation = 'primary' | 'member';

/** How `identityId` may act for the account, or undefined when it may not. */
export function accountRelation(
  account: Account,
  identityId: string | undefined,
): AccountRelation | undefined {
  if (!identityId) return undefined;
  if (account.identity_id === identityId) return 'primary';
  if ((account.members ?? []).some((m) => m.identity_id === identityId)) return 'member';
  return undefined;
}

/** The accounts an identity may act for, its own first, each with how. */
export function accountsOf(
  accounts: readonly Account[],
  identityId: string,
): { account: Account; relation: AccountRelation }[] {
  const out = accounts.flatMap((account) => {
    const relation = accountRelation(account, identityId);
    return relation ? [{ account, relation }] : [];
  });
  return [
    ...out.filter((a) => a.relation === 'primary'),
    ...out.filter((a) => a.relation === 'member'),
  ];
}

const TYPE_WORDS: Record<string, string> = {
  BROKERAGE: 'Brokerage',
  TRADITIONAL_IRA: 'Traditional IRA',
  ROTH_IRA: 'Roth IRA',
  SEP_IRA: 'SEP IRA',
  FINANCIAL_ADVISOR: 'Financial advisor',
};

/** An account type in words; an unknown one as the service wrote it. */
export function accountTypeWords(type: string | undefined): string {
  return type ? (TYPE_WORDS[type] ?? type) : 'Account';
}

/** An account's name: its description, else its type ("Roth IRA account"). */
export function accountName(account: Account): string {
  return account.description || `${accountTypeWords(account.type)} account`;
}

/** The roles a member holds on the account ("TRADE"), for words. */
export function memberRoles(account: Account, identityId: string): string[] {
  return (account.members ?? []).find((m) => m.identity_id === identityId)?.roles ?? [];
}
