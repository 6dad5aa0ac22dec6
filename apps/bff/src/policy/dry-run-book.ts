/**
 * The book of allowed destinations as a dry run reads it (issue 38): as it is now, read once,
 * since its past is not kept.
 */
import { destinationKey } from '@console/schemas';
import type { Db } from '../db/db';
import { createDestinationStore, type DestinationRow } from '../destinations/destination-store';
import { standingOf, type DestinationStanding } from '../destinations/destination-view';

/** Whether each destination is ACTIVE in the book now: the book read once, kept by its key. */
export async function bookNow(db: Db, now: number) {
  const store = createDestinationStore(db);
  const [rows, pending] = await Promise.all([store.list(), store.pending()]);
  // As `byTarget` picks it: the live row of a destination, else its last revoked one.
  const byKey = new Map<string, DestinationRow>();
  for (const row of rows) {
    const key = destinationKey(row.target);
    const seen = byKey.get(key);
    const better =
      !seen ||
      (seen.revoked !== null &&
        (row.revoked === null || Date.parse(row.revoked.at) > Date.parse(seen.revoked.at)));
    if (better) byKey.set(key, row);
  }
  const standings = new Map<string, DestinationStanding>();
  return (target: Parameters<typeof destinationKey>[0]): DestinationStanding => {
    const key = destinationKey(target);
    let standing = standings.get(key);
    if (!standing) {
      standing = standingOf(target, byKey.get(key), pending, now);
      standings.set(key, standing);
    }
    return standing;
  };
}
