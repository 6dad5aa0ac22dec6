import { forbidden, notFound } from '../problem';
import type { SandboxState } from './store';

/** Checks an identity and account given together: both exist, and the identity acts for the account. */
export function requireIdentityAccount(
  state: SandboxState,
  identityId: string | undefined,
  accountId: string | undefined,
  fields: { identity: string; account: string },
): void {
  if (identityId !== undefined && !state.identities.has(identityId)) {
    throw notFound(`${fields.identity}: identity ${identityId} does not exist`);
  }
  if (accountId !== undefined && !state.accounts.has(accountId)) {
    throw notFound(`${fields.account}: account ${accountId} does not exist`);
  }
  if (identityId !== undefined && accountId !== undefined) {
    const identity = state.identities.get(identityId);
    if (!identity?.account_ids.includes(accountId)) {
      throw forbidden(
        `${fields.identity}: identity ${identityId} may not act for account ${accountId}`,
      );
    }
  }
}
