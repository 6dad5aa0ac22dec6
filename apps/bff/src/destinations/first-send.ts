/**
 * Whether money has gone to a destination before (issue 37): the first send to a new entry of
 * the book suggests a small test amount. Known from the journal alone: a send that SUCCEEDED
 * whose body names the destination. Pure reads, nothing kept beside the journal to drift from it.
 */
import {
  destinationKey,
  destinationOf,
  operations,
  WRITE_OPERATION_IDS,
  type DestinationTarget,
} from '@console/schemas';
import type { Queryable } from '../db/db';

/**
 * The writes that move money (to a destination, for those the book can allow: `destinationOf`
 * names none for the others). A rule (Create Orchestration Rule) names a destination too, but
 * moves nothing itself: creating it is no send there.
 */
export const SENDING_OPERATIONS: readonly string[] = WRITE_OPERATION_IDS.filter(
  (id) => operations[id].approval.because === 'moves-money',
);

/** The text that identifies a target inside a body: its address or id. */
function identifying(target: DestinationTarget): string {
  switch (target.kind) {
    case 'crypto-address':
      return target.address;
    case 'fiat-account':
      return target.fiat_account_id;
    case 'counterparty-profile':
    case 'own-profile':
      return target.profile_id;
  }
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The keys (`destinationKey`) of those of `targets` that a SUCCEEDED send reached before. The
 * database narrows the journal to the bodies that mention one of them; each body is then read as
 * the send path reads it (`destinationOf`), so an id that only appears in a memo counts for
 * nothing, and a profile sent to as a counterparty is not thereby an own profile sent to.
 */
export async function sentBefore(
  q: Queryable,
  targets: readonly DestinationTarget[],
): Promise<Set<string>> {
  const sent = new Set<string>();
  if (targets.length === 0) return sent;
  const wanted = new Set(targets.map(destinationKey));
  const rows = await q.query<{ operation: string; request_body: string }>(
    `select operation, request_body from journal_entries
     where state = 'SUCCEEDED' and operation = any($1::text[])
       and request_body like any($2::text[])`,
    [SENDING_OPERATIONS, [...new Set(targets.map(identifying))].map(containing)],
  );
  for (const row of rows) {
    const body = jsonOf(row.request_body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) continue;
    const found = destinationOf(row.operation, body as Record<string, unknown>);
    if (!found) continue;
    const key = destinationKey(found.target);
    if (wanted.has(key)) sent.add(key);
  }
  return sent;
}
