import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ApprovalDetail, Batch } from '@console/schemas';
import { Link, useNavigate } from 'react-router';
import { ExportCsvButton } from '@/components/list/export-csv';
import { RecordTable, type Column } from '@/components/list/record-table';
import { RequestParties } from '@/components/approval/request-parties-view';
import { WaitingNeeds } from '@/components/approval/waiting-needs';
import { LocalTime } from '@/components/result/local-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { approvalColumns } from '@/lib/list-csv';
import { personLabel } from '@/lib/person';
import { useRecordNames } from '@/lib/record-names';
import { requestParties } from '@/lib/request-parties';
import { amountSummary } from './amount-summary';
import { batchSummary } from './batch-summary';
import { useApprovalQueue, useWaitingBatches } from './use-approvals';
import { operationTitle } from '@/lib/operation-title';

function titleOf(item: ApprovalDetail): string {
  const id = item.journal.operation;
  return operationTitle(id);
}

const COLUMNS: Column<ApprovalDetail>[] = [
  {
    title: 'Request',
    key: true,
    cell: (item) => (
      <Anchor component={Link} to={`/approvals/${item.journal.id}`} size="sm">
        {titleOf(item)}
      </Anchor>
    ),
  },
  {
    title: 'From → to, or which account',
    cardTitle: 'What',
    cell: (item) => (
      <RequestParties parties={requestParties(item.journal.operation, item.fields)} />
    ),
  },
  {
    title: 'Amount',
    lead: true,
    cell: (item) => <Text size="sm">{amountSummary(item.fields) ?? '—'}</Text>,
  },
  {
    title: 'Made by',
    cell: (item) => (
      <Text size="sm">{personLabel(item.journal.operator, item.journal.operator_name)}</Text>
    ),
  },
  { title: 'Made at', cell: (item) => <LocalTime value={item.journal.created_at} /> },
  {
    title: 'Needs',
    lead: true,
    cell: (item) => (
      <Stack gap={0}>
        <WaitingNeeds prospect={item.approval.prospect} roles={item.approval.eligible_roles} />
        <Text size="xs" c="dimmed">
          {item.approval.approvals.filter((a) => a.counts).length} of{' '}
          {item.approval.approvers_needed} given
        </Text>
      </Stack>
    ),
  },
  { title: 'Expires', cell: (item) => <LocalTime value={item.approval.expires_at} /> },
  {
    // The version of the approval policy that held it (issue 38); a console action such as a
    // policy proposal is held by its own rule, not by a version.
    title: 'Held under',
    cell: ({ journal }) =>
      journal.policy_version === null ? (
        <Text size="sm">—</Text>
      ) : (
        <Anchor component={Link} to={`/policy#version-${journal.policy_version}`} size="sm">
          Policy version {journal.policy_version}
        </Anchor>
      ),
  },
];

const BATCH_COLUMNS: Column<Batch>[] = [
  {
    title: 'Batch',
    key: true,
    cell: (batch) => (
      <Anchor component={Link} to={`/batches/${batch.id}`} size="sm">
        {batch.file_name}
      </Anchor>
    ),
  },
  { title: 'What', cell: (batch) => <Text size="sm">{batchSummary(batch)}</Text> },
  { title: 'Made by', cell: (batch) => <Text size="sm">{batch.created_by}</Text> },
  { title: 'Made at', cell: (batch) => <LocalTime value={batch.created_at} /> },
  {
    title: 'Needs',
    cell: (batch) => (
      <Text size="sm">
        {batch.approvals.length} of {batch.approvals_required} from{' '}
        {batch.approver_roles.join(' or ')}
      </Text>
    ),
  },
  // A batch waits until it is approved or rejected: it has no expiry of its own.
  { title: 'Expires', cell: () => <Text size="sm">Never: until decided</Text> },
];

/** The requests the signed-in operator may approve now, oldest first. */
export function ApprovalsPage() {
  const queue = useApprovalQueue();
  const navigate = useNavigate();
  const nameOf = useRecordNames(['profile', 'fiat-account', 'deposit-address', 'address', 'rule']);
  const items = queue.data?.items ?? [];
  const batches = useWaitingBatches();
  return (
    <Stack gap="sm" maw={1200}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Approvals
          </Title>
          <Text size="sm" c="dimmed">
            Requests other operators made that wait for your approval. Nothing in this list has been
            sent to the service.
          </Text>
        </div>
        <ExportCsvButton
          csv={{ file: 'approvals', columns: approvalColumns(nameOf) }}
          rows={items}
        />
      </Group>
      {queue.isPending ? (
        <LoadingState label="Loading the approvals…" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : items.length + batches.length === 0 ? (
        <EmptyState title="Nothing waits for your approval" />
      ) : (
        <Stack gap="sm">
          {batches.length > 0 && (
            <RecordTable
              label="Batches awaiting your approval"
              columns={BATCH_COLUMNS}
              items={batches}
              minWidth={960}
              onOpen={(batch) => void navigate(`/batches/${batch.id}`)}
            />
          )}
          {items.length > 0 && (
            <RecordTable
              label="Requests awaiting your approval"
              columns={COLUMNS}
              items={items}
              rowKey={(item) => item.journal.id}
              minWidth={960}
              onOpen={(item) => void navigate(`/approvals/${item.journal.id}`)}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
