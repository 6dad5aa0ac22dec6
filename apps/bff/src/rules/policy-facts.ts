/**
 * The facts of a send as the format-2 policy engine reads them (issue 38): the asset and amount
 * its thresholds compare (`thresholdAmount`: an order by its notional), the destination its body
 * names and whether that is an ACTIVE entry of the book, and the initiator's role. One place for
 * the dry run, the proof that today's format reads alike as rules, and the send path.
 */
import {
  destinationOf,
  type MarketEstimate,
  type PolicyFacts,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import type { DestinationStanding } from '../destinations/destination-view';
import { thresholdAmount } from './send-amount';

/**
 * What the rules read of a send's body: its amount as thresholds compare it, and where its
 * money goes. Read once per send (`shapeOf`) and handed to every decision of it, which then only
 * add the book's word and the maker's role.
 */
export interface SendShape {
  threshold: ReturnType<typeof thresholdAmount>;
  destination: ReturnType<typeof destinationOf>;
  /** A market order priced when decided (`pricedShape`): `threshold` holds its amount. */
  estimate?: MarketEstimate;
}

export function shapeOf(operation: WriteOperationId, body: Record<string, unknown>): SendShape {
  return {
    threshold: thresholdAmount(operation, body),
    destination: destinationOf(operation, body),
  };
}

/** The facts of a send of that shape, by that role, with the book's word on its destination. */
export function factsOf(
  operation: WriteOperationId,
  shape: SendShape,
  role: Role,
  standing?: DestinationStanding,
): PolicyFacts {
  const { threshold: found, destination } = shape;
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

export function policyFactsOf(
  operation: WriteOperationId,
  body: Record<string, unknown>,
  role: Role,
  standing?: DestinationStanding,
): PolicyFacts {
  return factsOf(operation, shapeOf(operation, body), role, standing);
}
