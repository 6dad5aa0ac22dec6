import type { Operator } from '@console/schemas';
import type { DestinationStore } from '../destinations/destination-store';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import type { PasskeyDeps } from '../passkeys/passkey-registration';
import type { OperatorDirectory } from '../operators/operator-directory';
import type { PolicyHolder } from '../policy/policy-holder';
import type { MarketPrice } from '../rules/market-estimate';
import type { SecurityEventStore } from '../security/security-events';
import type { DispatchDeps } from '../send/dispatch';
import type { ApprovalStore } from './approval-store';
import type { ApprovalPolicy } from './policy';

/** What the approval flow needs: sending (for the last approval), its store, the operators. */
export interface ApprovalDeps extends DispatchDeps {
  approvals: ApprovalStore;
  directory: OperatorDirectory;
  policy: ApprovalPolicy;
  /** The book of allowed destinations (issue 37). */
  destinations: DestinationStore;
  /** Unix milliseconds: expiry and the clock rules are checked against it. */
  now: () => number;
  /** Where a request found changed after it was submitted is reported (`request-tampered`). */
  securityEvents?: SecurityEventStore;
  /** Operators known through single sign-on: an SSO approver's role as of their last sign-in. */
  ssoOperators?: SsoOperatorStore;
  /** The policy's versions (issue 38): read again once this process put a new one in force. */
  policyHolder?: Pick<PolicyHolder, 'refresh'>;
  /**
   * A market's price now, for a market order's estimate (issue 66); without it, a market order
   * of unknown notional is held by any threshold.
   */
  marketPrice?: MarketPrice;
  /**
   * Passkeys (issue 61): a decision signed with one is checked here before it counts. Without
   * them, a request whose rule asks for a passkey cannot be decided.
   */
  passkeys?: PasskeyDeps;
}

/** Who acts, as events record them. */
export const actorOf = (operator: Operator) => ({
  username: operator.username,
  display_name: operator.display_name,
});
