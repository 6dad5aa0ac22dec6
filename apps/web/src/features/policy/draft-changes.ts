import { diffPolicies, type PolicyDocumentV2 } from '@console/schemas';
import { changedMembers } from './policy-changes';

/** What a draft changes of the version in force, in words, one sentence a change. */
export function draftChanges(inForce: PolicyDocumentV2, draft: PolicyDocumentV2): string[] {
  // The rules by id; the members the rules' diff leaves out (limits, the book's settings) whole.
  const opaque = (d: PolicyDocumentV2) => ({
    limits: d.limits,
    destination_book: d.destination_book,
  });
  return [
    ...diffPolicies(inForce, draft).map((change) => change.text),
    ...changedMembers(opaque(inForce), opaque(draft)).map(
      (c) => `${MEMBER_WORDS[c.path] ?? c.path} ${c.words}`,
    ),
  ];
}

const MEMBER_WORDS: Readonly<Record<string, string>> = {
  limits: 'The limits per operator',
  destination_book: 'The settings of the book of allowed destinations',
};
