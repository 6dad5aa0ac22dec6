import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AwaitingApprovalResult } from '@console/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyValue } from '../result/copy-value';
import { LocalTime } from '../result/local-time';
import { useFocusOnShow } from '../result/result-card';
import { approvalsNeeded, roleList } from './role-names';
import { FactRow } from '../result/fact-row';

/**
 * The answer to a send that the approval policy holds: nothing went to the service; it waits
 * for other operators, and this says who can approve and until when.
 */
export function AwaitingApprovalCard({
  result,
  actions,
  focusOnShow = false,
}: {
  result: AwaitingApprovalResult;
  actions?: ReactNode;
  focusOnShow?: boolean;
}) {
  const { journal, approval } = result;
  const heading = useFocusOnShow(focusOnShow);
  return (
    <Card withBorder padding="md" radius="md" aria-label="Awaiting approval" component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4" ref={heading} tabIndex={-1}>
            Awaiting approval
          </Title>
        </Group>
        <Alert color="yellow" variant="light">
          Nothing was sent yet. It needs {approvalsNeeded(approval.approvers_needed)}, by a{' '}
          {roleList(approval.eligible_roles)} operator other than you, before it goes to the
          service. It expires at <LocalTime value={approval.expires_at} /> if nobody approves it.
        </Alert>
        <FactRow label="Who can approve">
          <Text size="sm">{roleList(approval.eligible_roles)}</Text>
        </FactRow>
        <FactRow label="Journal entry">
          <CopyValue value={journal.id} label="journal entry id" />
        </FactRow>
        {journal.ref_id && (
          <FactRow label="Reference id">
            <CopyValue value={journal.ref_id} label="reference id" />
          </FactRow>
        )}
        <Group justify="space-between">
          <Anchor component={Link} to={`/approvals/${journal.id}`} size="sm">
            Open the approval request
          </Anchor>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      </Stack>
    </Card>
  );
}
