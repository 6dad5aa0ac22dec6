import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { isRecord, policyChangeList, type PolicyChangeItem } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DryRunResult } from '@/components/policy/dry-run-result';
import { looserSummary, PolicyChangeListView } from '@/components/policy/policy-change-list-view';
import { dryRunPolicy, getPolicy, POLICY_KEY } from '@/lib/api';

/**
 * A proposed version of the approval policy, as the version in force reads it: its changes in
 * words, judged looser, stricter or neutral (issue 66); undefined until the policy is read, or
 * when the proposal is no longer waiting.
 */
export function usePolicyProposal(journalId: string) {
  const policy = useQuery({ queryKey: POLICY_KEY, queryFn: getPolicy });
  const proposal = policy.data?.proposals.find((p) => p.entry.id === journalId);
  const inForce = policy.data?.in_force;
  const changes = useMemo<PolicyChangeItem[] | null>(
    () => (inForce && proposal?.rules ? policyChangeList(inForce.rules, proposal.rules) : null),
    [inForce, proposal?.rules],
  );
  return { loaded: Boolean(policy.data), inForce, proposal, changes };
}

/** The proposal's document, as journaled (the body's `document`). */
function proposedDocument(fields: Record<string, unknown>): Record<string, unknown> | undefined {
  return isRecord(fields.document) ? fields.document : undefined;
}

/**
 * What the dry run of the proposal says (issue 66): how many of the last 30 days' sends would
 * change outcome, the list folded below. An approver without the right to dry-run reads nothing.
 */
function DryRunSummary({
  journalId,
  document,
}: {
  journalId: string;
  document: Record<string, unknown>;
}) {
  const run = useQuery({
    queryKey: ['policy', 'dry-run', journalId],
    queryFn: () => dryRunPolicy({ draft: document }),
    // A replay of the journal: once per proposal and page, not on every focus.
    staleTime: Infinity,
    retry: false,
  });
  if (run.isPending)
    return (
      <Text size="sm" c="dimmed">
        Dry run over the last 30 days…
      </Text>
    );
  if (run.isError) {
    return (
      <Text size="sm" c="dimmed">
        No dry run: {run.error instanceof Error ? run.error.message : 'it could not be made'}.
      </Text>
    );
  }
  const { changed, entries } = run.data;
  return (
    <details>
      <summary>
        <Text size="sm" component="span">
          Dry run over the last 30 days:{' '}
          {changed.total === 0
            ? `none of ${entries} sends would change outcome`
            : `${changed.total} of ${entries} sends would change outcome (the list)`}
        </Text>
      </summary>
      <DryRunResult result={run.data} />
    </details>
  );
}

/**
 * What a proposed version of the approval policy changes of the version in force, where the
 * approver decides (issues 38, 55, 66): every change old → new in words, looser first and
 * marked; the maker's reason; the dry run's summary. The raw document is on the page, folded.
 */
export function PolicyProposalChanges({
  journalId,
  fields,
}: {
  journalId: string;
  fields: Record<string, unknown>;
}) {
  const { loaded, inForce, proposal, changes } = usePolicyProposal(journalId);
  const document = proposedDocument(fields);
  const reason = typeof fields.reason === 'string' ? fields.reason : undefined;
  const link = (
    <Anchor component={Link} to={`/policy#proposal-${journalId}`} size="sm" underline="always">
      The approval policy
    </Anchor>
  );
  const because = reason && (
    <Text size="sm">
      <Text span fw={600} size="sm">
        The maker’s reason:
      </Text>{' '}
      {reason}
    </Text>
  );
  if (!loaded || !proposal || !inForce) {
    return (
      <Stack gap={4}>
        <Text size="sm">A new version of the approval policy ({link}).</Text>
        {because}
      </Stack>
    );
  }
  if (!changes) {
    return (
      <Stack gap={4}>
        <Text size="sm">
          A new version of the approval policy that the policy cannot take any more ({link}).
        </Text>
        {because}
      </Stack>
    );
  }
  const summary = looserSummary(changes);
  return (
    <Stack gap={6}>
      {(summary || proposal.loosens.length > 0) && (
        // What weakens a control is read before anything else (issues 55, 66).
        <Alert
          color="red"
          variant="light"
          title={`It loosens the policy${summary ? `: ${summary}` : ''}`}
        >
          {proposal.loosens.length > 0 && (
            <ul aria-label="What it loosens" style={{ margin: 0 }}>
              {proposal.loosens.map((words, i) => (
                <li key={i}>
                  <Text size="sm">{words}</Text>
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Text size="sm">
        A new version of the approval policy; what it changes of version {inForce.version}, in force
        ({link}), looser first:
      </Text>
      <PolicyChangeListView changes={changes} label="What the new version changes" />
      {because}
      {document && <DryRunSummary journalId={journalId} document={document} />}
    </Stack>
  );
}
