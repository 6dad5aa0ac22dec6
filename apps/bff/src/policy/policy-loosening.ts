/**
 * What a proposed version of the policy loosens of the version in force (issue 55), in words: a
 * warning where it is approved, and a security event when it is proposed and when it comes into
 * force. Both documents are read as the policy reads them (either format), and compared by the
 * one engine (`policyLoosenings`).
 */
import { policyLoosenings, type ProposePolicyVersion } from '@console/schemas';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import type { Queryable } from '../db/db';
import type { SecurityEventStore } from '../security/security-events';

/** The comparisons made, by the pair of documents: the policy page asks again at each read. */
const KNOWN = new Map<string, string[]>();
const KNOWN_KEPT = 64;

/**
 * What `proposed` lets through with fewer approvals than `inForce`; empty when nothing, or when
 * the policy cannot take the proposal (approving it is then refused, and says why).
 */
export function loosenings(inForce: unknown, proposed: unknown): string[] {
  const key = JSON.stringify([inForce, proposed]);
  let found = KNOWN.get(key);
  if (!found) {
    try {
      found = policyLoosenings(buildPolicy(inForce).document, buildPolicy(proposed).document);
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      found = [];
    }
    if (KNOWN.size >= KNOWN_KEPT) KNOWN.delete(KNOWN.keys().next().value!);
    KNOWN.set(key, found);
  }
  return found;
}

/**
 * Records a loosening proposal, or one that came into force, as a security event (in `q`'s
 * transaction when given); nothing when it loosens nothing.
 */
export async function recordLoosening(
  events: SecurityEventStore | undefined,
  input: {
    stage: 'proposed' | 'in-force';
    inForce: { version: number; document: unknown };
    proposal: ProposePolicyVersion;
    /** The proposal's journal entry: what the approvals name it by. */
    journalId: string;
    /** Who proposed it (the policy file's proposals are the console's). */
    proposer: string;
    /** Who acted: the proposer, or the last approver. */
    actor: string;
    requestId: string;
  },
  q?: Queryable,
): Promise<string[]> {
  const words = loosenings(input.inForce.document, input.proposal.document);
  if (words.length === 0 || !events) return words;
  const what =
    input.stage === 'proposed'
      ? `Proposed a policy that loosens version ${input.inForce.version}, in force`
      : `A policy that loosens version ${input.inForce.version} came into force`;
  await events.record(
    {
      kind: 'policy-loosened',
      username: input.proposer,
      actor: input.actor,
      requestId: input.requestId,
      detail: `${what} (proposal ${input.journalId}): ${words.join(' ')}`,
    },
    q,
  );
  return words;
}
