import type { IdentitySide } from './identity-words';

/*
 * Where a request names an identity and an account together (appendix B), which identity field
 * goes with which account field, and what the request does for that identity: the side decides
 * whether it may take part (an identity that is not APPROVED, FROZEN or CLOSED never; SELL_ONLY
 * only to sell or receive).
 */

const IDENTITY_OF_ACCOUNT: Readonly<Record<string, string>> = {
  account_id: 'identity_id',
  identity_account_id: 'identity_id',
  from_account_id: 'from_identity_id',
  to_account_id: 'to_identity_id',
};

/** The identity field named with this account field, or undefined for an account on its own. */
export function identityFieldOf(accountField: string): string | undefined {
  return IDENTITY_OF_ACCOUNT[accountField];
}

/**
 * What the request does for the identity of this field: an order buys or sells; a transfer's
 * sender is debited and its recipient credited; an orchestration (and the orchestrations a rule
 * makes) debits. Undefined where nothing moves for it (a deposit address, an address of the book):
 * any identity may be named there.
 */
export function identitySide(
  operation: string,
  field: string,
  orderSide: unknown,
): IdentitySide | undefined {
  switch (operation) {
    case 'createOrder':
      return field === 'identity_id' ? (orderSide === 'SELL' ? 'sell' : 'buy') : undefined;
    case 'createInternalTransfer':
    case 'createSvcTransfer':
      if (field === 'from_identity_id') return 'debit';
      return field === 'to_identity_id' ? 'credit' : undefined;
    case 'createOrchestration':
    case 'createOrchestrationRule':
      return field === 'identity_id' ? 'debit' : undefined;
    default:
      return undefined;
  }
}
