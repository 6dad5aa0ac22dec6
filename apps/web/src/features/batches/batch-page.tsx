import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Batch } from '@console/schemas';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { requirementWords } from '@/components/approval/role-names';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { ErrorState, LoadingState } from '@/components/states/states';
import { exportBatchResults } from '@/lib/api';
import { downloadText } from '@/lib/download';
import { personLabel } from '@/lib/person';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import { BatchActions } from './batch-actions';
import { BatchChanges } from './batch-changes';
import { BatchProgress } from './batch-progress';
import { BatchRepeats } from './batch-repeats';
import { BatchRows } from './batch-rows';
import { TotalsTable } from './batch-totals';
import {
  BATCH_STATE_WORDS,
  batchOperationTitle,
  mayActOnBatches,
  mayReadBatches,
  shortHash,
} from './batch-words';
import { useBatch } from './use-batch';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div>{children}</div>
    </Group>
  );
}

/** "Download results": the BFF's CSV of every row (mapped columns, ref_id, state, service id, error). */
function DownloadResults({ batch }: { batch: Batch }) {
  const made = useWrite({
    mutationFn: () => exportBatchResults(batch.id),
    onSuccess: (result) => downloadText(result.filename, result.csv, 'text/csv;charset=utf-8'),
  });
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        size="xs"
        loading={made.isPending}
        onClick={() => void made.run().catch(() => undefined)}
      >
        Download results
      </Button>
      {made.isError && <ErrorState error={made.error} />}
      {made.data && (
        <Text size="xs" role="status">
          Downloaded {made.data.filename}.
        </Text>
      )}
    </Stack>
  );
}

function Summary({ batch }: { batch: Batch }) {
  const words = BATCH_STATE_WORDS[batch.state];
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Fact label="State">
          <StatusBadge value={batch.state} label={words.label} tone={words.tone} />
        </Fact>
        <Fact label="Operation">
          <Text size="sm">{batchOperationTitle(batch.operation)}</Text>
        </Fact>
        <Fact label="Uploaded by">
          <Text size="sm">
            {personLabel(batch.created_by, batch.created_by_name)},{' '}
            <LocalTime value={batch.created_at} />
          </Text>
        </Fact>
        <Fact label="Rows">
          <Text size="sm">{batch.row_count}</Text>
        </Fact>
        <Fact label="Needs">
          <Text size="sm">
            Every requirement below met, by operators other than the uploader
            {batch.policy_version !== null && (
              <>
                {' '}
                (
                <Anchor
                  component={Link}
                  to={`/policy#version-${batch.policy_version}`}
                  size="sm"
                  underline="always"
                >
                  policy version {batch.policy_version}
                </Anchor>
                )
              </>
            )}
          </Text>
          <List size="sm" aria-label="Requirements">
            {batch.requirements.map((requirement, i) => (
              <List.Item key={i}>
                {requirementWords(requirement)}:{' '}
                {requirement.met
                  ? 'met'
                  : `${requirement.given} of ${requirement.approvals_required} given`}
              </List.Item>
            ))}
          </List>
        </Fact>
        <Fact label="Approved by">
          {batch.approvals.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody yet
            </Text>
          ) : (
            <List size="sm" aria-label="Approvals given">
              {batch.approvals.map((a) => (
                <List.Item key={a.by}>
                  {personLabel(a.by, a.name)} · <LocalTime value={a.at} size="sm" />
                </List.Item>
              ))}
            </List>
          )}
        </Fact>
        {batch.rejected_by && (
          // A cancelled batch names who stopped it where a rejected one names who rejected it.
          <Fact label={batch.state === 'cancelled' ? 'Stopped by' : 'Rejected by'}>
            <Text size="sm">{batch.rejected_by}</Text>
          </Fact>
        )}
        {batch.reason && (
          <Fact label="Reason">
            <Text size="sm">{batch.reason}</Text>
          </Fact>
        )}
        <Fact label="Rows hash">
          <Text size="sm" ff="monospace" title={batch.rows_hash}>
            {shortHash(batch.rows_hash)}
          </Text>
        </Fact>
        <Fact label="Last change">
          <LocalTime value={batch.updated_at} />
        </Fact>
      </Stack>
    </Card>
  );
}

/**
 * One batch (issue 39): its state, who uploaded and approved it, its rows that repeat rows of
 * earlier batches (issue 64), its totals and largest rows, what changed since an earlier upload,
 * the progress of its sending, its rows, and what may be done.
 */
export function BatchPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const role = session.data?.operator.role;
  const batch = useBatch(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = batch.data !== undefined;
  // Arriving here (from the upload, the list, a link), the batch's name is where attention goes.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);

  if (!mayReadBatches(role))
    return <Text>Batches are for finance, admins, auditors and viewers.</Text>;
  if (batch.isPending) return <LoadingState label="Loading the batch…" />;
  if (batch.isError && !batch.data) {
    return <ErrorState error={batch.error} onRetry={() => void batch.refetch()} />;
  }
  const b = batch.data;
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          Batch: {b.file_name}
        </Title>
        <Group gap="xs" align="flex-start">
          <Button component={Link} to="/batches" variant="default" size="xs">
            Back to batches
          </Button>
          <DownloadResults batch={b} />
        </Group>
      </Group>
      <Summary batch={b} />
      {/* Before the actions: an approver reads which rows would pay a second time first. */}
      {b.repeats && <BatchRepeats repeats={b.repeats} rowCount={b.row_count} />}
      <BatchActions
        batch={b}
        me={session.data?.operator.username}
        role={role}
        acts={mayActOnBatches(role)}
      />
      <BatchProgress batch={b} />
      {b.changes && <BatchChanges changes={b.changes} />}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <TotalsTable label="Totals per asset" totals={b.totals} />
        <TotalsTable label="Largest row per asset" totals={b.largest} counted={false} />
        <TotalsTable label="Totals per destination" totals={b.by_destination} destination />
      </SimpleGrid>
      <BatchRows batch={b} />
    </Stack>
  );
}
