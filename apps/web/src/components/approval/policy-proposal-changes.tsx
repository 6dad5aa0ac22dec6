import { Alert, Anchor, Text } from '@mantine/core';
import { diffPolicies } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getPolicy, POLICY_KEY } from '@/lib/api';

/**
 * What a proposed version of the approval policy changes of the version in force, rule by rule in
 * words, where the approver decides (issue 38). Read from the policy's page data: the proposal's
 * rules as the BFF reads its document.
 */
export function PolicyProposalChanges({ journalId }: { journalId: string }) {
  const policy = useQuery({ queryKey: POLICY_KEY, queryFn: getPolicy });
  const proposal = policy.data?.proposals.find((p) => p.entry.id === journalId);
  const link = (
    <Anchor component={Link} to={`/policy#proposal-${journalId}`} size="sm">
      The approval policy
    </Anchor>
  );
  if (!policy.data || !proposal) {
    return <Text size="sm">A new version of the approval policy ({link}).</Text>;
  }
  if (!proposal.rules) {
    return (
      <Text size="sm">
        A new version of the approval policy that the policy cannot take any more ({link}).
      </Text>
    );
  }
  const { in_force: inForce } = policy.data;
  return (
    <>
      {proposal.loosens.length > 0 && (
        // The BFF compared it with the version in force (issue 55): money could leave with
        // fewer approvals than today, which the approver must see before anything else.
        <Alert color="red" variant="light" title="It lets money leave with fewer approvals">
          <ul aria-label="What it loosens">
            {proposal.loosens.map((words, i) => (
              <li key={i}>
                <Text size="sm">{words}</Text>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Text size="sm">
        A new version of the approval policy; what it changes of version {inForce.version}, in force
        ({link}):
      </Text>
      <ul aria-label="What the new version changes">
        {diffPolicies(inForce.rules, proposal.rules).map((change, i) => (
          <li key={i}>
            <Text size="sm">{change.text}</Text>
          </li>
        ))}
      </ul>
    </>
  );
}
