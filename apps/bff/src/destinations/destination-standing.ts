import type { DestinationTarget } from '@console/schemas';
import type { Queryable } from '../db/db';
import type { DestinationStore } from './destination-store';
import { standingOf, type DestinationStanding } from './destination-view';

/**
 * What the book says of `target` at `now`: read when a send is decided (refused before anything
 * is journaled unless it is ACTIVE, where the policy asks for the book), at every send of an
 * approved entry, and before the stored bytes are sent again.
 */
export async function standingNow(
  store: DestinationStore,
  target: DestinationTarget,
  now: number,
  q?: Queryable,
): Promise<DestinationStanding> {
  const [row, pending] = await Promise.all([store.byTarget(target, q), store.pending(q)]);
  return standingOf(target, row, pending, now);
}
