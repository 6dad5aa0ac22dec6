/**
 * A proposed policy version's changes in the lines of a message to its approvers (issue 66):
 * the same list, looser first, that the approval page shows, so that what weakens a control is
 * read in the message too, not only behind the link.
 */
import { policyChangeList, type JournalEntry } from '@console/schemas';
import { buildPolicy, type ApprovalPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';

/** The lines a message carries at most; the approval page lists the rest. */
export const MAX_CHANGE_LINES = 15;

/** The lines of `entry`'s changes of `inForce`; empty for any other entry, or one unreadable. */
export function policyChangeLines(inForce: ApprovalPolicy, entry: JournalEntry): string[] {
  if (entry.operation !== 'proposePolicyVersion') return [];
  let changes;
  try {
    const body = JSON.parse(entry.request_body) as { document?: unknown };
    changes = policyChangeList(inForce.document, buildPolicy(body.document).document);
  } catch (error) {
    // The approval page says why the policy cannot take it; a message need not.
    if (error instanceof PolicyError || error instanceof SyntaxError) return [];
    throw error;
  }
  const looser = changes.filter((c) => c.effect === 'looser').length;
  const shown = changes.slice(0, MAX_CHANGE_LINES).map((c) => `- ${c.text}`);
  return [
    `What it changes of the version in force${inForce.version ? ` (${inForce.version})` : ''}, looser first (${looser} of ${changes.length} looser):`,
    ...shown,
    ...(changes.length > MAX_CHANGE_LINES
      ? [`- and ${changes.length - MAX_CHANGE_LINES} more on the approval page`]
      : []),
  ];
}
