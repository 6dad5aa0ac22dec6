/**
 * The kinds of reconciliation difference in words (issue 40), shared by the reconciliation pages
 * and the home page's "Needs attention" (issue 67).
 */
import type { ReconDifference } from '@console/schemas';

export const KIND_WORDS: Record<ReconDifference['kind'], string> = {
  absent: 'Sent, not at the service',
  unjournaled: 'At the service, not in the journal',
  amount: 'Amount differs',
  asset: 'Asset or market differs',
  destination: 'Destination differs',
  profile: 'Profile differs',
  status: 'Status differs',
  pending: 'Pending too long',
  fills: 'Fills differ',
};

/**
 * Open differences per kind as a day's view lists them: "sent, not at the service" first (money
 * the journal believes moved and the service never saw), then in the order of `KIND_WORDS`;
 * kinds this console does not know are left out rather than shown as codes.
 */
export function openDifferences(
  openByKind: Record<string, number>,
): { kind: ReconDifference['kind']; count: number; words: string }[] {
  return (Object.keys(KIND_WORDS) as ReconDifference['kind'][])
    .filter((kind) => (openByKind[kind] ?? 0) > 0)
    .map((kind) => ({
      kind,
      count: openByKind[kind]!,
      words: `${openByKind[kind]} ${KIND_WORDS[kind].toLowerCase()}`,
    }));
}
