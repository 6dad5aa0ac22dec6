import type { WriteOperationId } from '@console/schemas';
import { decideByRules, type ApprovalPolicy, type Requirement } from '../src/approvals/policy';
import type { DestinationStanding } from '../src/destinations/destination-view';
import { policyFactsOf } from '../src/rules/policy-facts';

/** A destination that is an ACTIVE entry of the book: no rule refuses a send for going there. */
export const IN_BOOK: DestinationStanding = {
  state: 'ACTIVE',
  entryId: '00000000-0000-4000-8000-0000000000b0',
  name: 'Treasury',
  usableFrom: null,
  revoked: null,
};

/**
 * What a policy asks before a send of `body` goes out, as the send path decides it: its maker in
 * `role` (finance unless said), its destination an ACTIVE entry of the book. Undefined when it is
 * sent at once.
 */
export function requirementFor(
  policy: ApprovalPolicy,
  id: WriteOperationId,
  body: Record<string, unknown>,
  role: 'finance' | 'admin' | 'support' = 'finance',
): Requirement | undefined {
  return decideByRules(policy, policyFactsOf(id, body, role, IN_BOOK)).requirement;
}
