/**
 * The facts of a send as the format-2 policy engine reads them (issue 38): the asset and amount
 * its thresholds compare (`thresholdAmount`: an order by its notional), the destination its body
 * names and whether that is an ACTIVE entry of the book, and the initiator's role. One place for
 * the dry run, the proof that today's format reads alike as rules, and the send path to come.
 */
import {
  destinationOf,
  type PolicyFacts,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import type { DestinationStanding } from '../destinations/destination-view';
import { thresholdAmount } from './send-amount';

export function policyFactsOf(
  operation: WriteOperationId,
  body: Record<string, unknown>,
  role: Role,
  standing?: DestinationStanding,
): PolicyFacts {
  const found = thresholdAmount(operation, body);
  const destination = destinationOf(operation, body);
  return {
    operation,
    asset: found?.asset ?? destination?.asset ?? '',
    amount: found?.amount,
    destination: destination && {
      kind: destination.target.kind,
      in_book: standing?.state === 'ACTIVE',
      ...(standing?.entryId && { entry_id: standing.entryId }),
    },
    initiator_role: role,
  };
}
