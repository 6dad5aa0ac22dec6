import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { ApprovalDetail } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApprovalHistory } from '@/components/approval/approval-history';
import { getApproval } from '@/lib/api';
import { personLabel } from '@/lib/person';

/** The approval of an entry, or null for an entry that never needed one (the BFF says 404). */
export function useEntryApproval(id: string) {
  return useQuery<ApprovalDetail | null>({
    queryKey: ['approvals', 'detail', id],
    queryFn: async () => {
      try {
        return await getApproval(id);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** True when the entry needed approval and was never sent: a retry would send the unapproved. */
export function neverSent(detail: ApprovalDetail | null | undefined): boolean {
  return !!detail && !detail.approval.events.some((e) => e.kind === 'sent');
}

/** Who submitted, approved, rejected, cancelled or sent the entry, and when. */
export function JournalApproval({ detail }: { detail: ApprovalDetail }) {
  const approvers = detail.approval.approvals.map((a) => personLabel(a.approver, a.approver_name));
  return (
    <Card withBorder padding="md" component="section" aria-label="Approval">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Approval
        </Title>
        <Text size="sm">
          Made by {personLabel(detail.journal.operator, detail.journal.operator_name)}
          {approvers.length ? `; approved by ${approvers.join(' and ')}` : '; not approved'}.
        </Text>
        <ApprovalHistory events={detail.approval.events} />
        <Anchor component={Link} to={`/approvals/${detail.journal.id}`} size="sm">
          Open the approval request
        </Anchor>
      </Stack>
    </Card>
  );
}
