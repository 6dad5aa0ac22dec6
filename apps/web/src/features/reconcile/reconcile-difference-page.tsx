import { Anchor, Button, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { isRecord, type ReconDifferenceDetail, type WriteOperationId } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReasonDialog } from '@/components/action/reason-dialog';
import { LocalTime } from '@/components/result/local-time';
import { RawJson } from '@/components/result/raw-json';
import { ResultFields } from '@/components/result/result-fields';
import { ErrorState, LoadingState } from '@/components/states/states';
import { assignReconDifference, getReconDifference, resolveReconDifference } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import { DIFFERENCES_KEY } from './reconcile-keys';
import { mayReconcile } from './reconcile-page';
import { differenceTitle, recordPath, STATUS_WORDS } from './reconcile-words';

const EVENT_WORDS: Record<string, string> = {
  opened: 'Found',
  assigned: 'Assigned',
  resolved: 'Resolved',
  reopened: 'Found again after it had gone: opened again',
  closed: 'Closed by itself',
};

function Side({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `side-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap={4} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The write whose result a record of each type is: its field names, amounts in their assets and
 * profiles by nickname, as the record's own page shows them.
 */
const OPERATION_OF_RECORD: Record<
  ReconDifferenceDetail['difference']['record_type'],
  WriteOperationId
> = {
  transfer: 'createInternalTransfer',
  order: 'createOrder',
  orchestration: 'createOrchestration',
};

function Detail({ detail, acts }: { detail: ReconDifferenceDetail; acts: boolean }) {
  const { difference: d, journal, service } = detail;
  const queryClient = useQueryClient();
  const session = useSession();
  const me = session.data?.operator.username ?? null;
  const [resolving, setResolving] = useState(false);
  const key = ['reconciliation', 'difference', d.id];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: DIFFERENCES_KEY });
  };
  const assign = useWrite({
    mutationFn: (assignee: string | null) => assignReconDifference(d.id, assignee),
    onSuccess: refresh,
  });
  const resolve = useWrite({
    mutationFn: (reason: string) => resolveReconDifference(d.id, reason),
    onSuccess: () => {
      setResolving(false);
      refresh();
    },
  });
  const record = recordPath(d);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {differenceTitle(d)}
        </Title>
        <Text>{d.detail}</Text>
        <Text size="sm" role="status">
          {STATUS_WORDS[d.status]}
          {d.status === 'resolved' && d.resolved_by
            ? ` by ${d.resolved_by}: ${d.resolution ?? ''}`
            : ''}
          {d.assignee ? ` · assigned to ${d.assignee}` : ''}
        </Text>
      </Stack>
      {acts && d.status === 'open' && (
        <Group gap="sm">
          <Button onClick={() => setResolving(true)}>Resolve…</Button>
          {d.assignee !== me ? (
            <Button
              variant="default"
              loading={assign.isPending}
              onClick={() => void assign.run(me)}
            >
              Assign to me
            </Button>
          ) : (
            <Button
              variant="default"
              loading={assign.isPending}
              onClick={() => void assign.run(null)}
            >
              Unassign
            </Button>
          )}
        </Group>
      )}
      {assign.isError && <ErrorState error={assign.error} />}
      <ReasonDialog
        opened={resolving}
        title="Resolve the difference"
        kept="Kept with the difference, with your name and the time; the export carries it."
        keepLabel="Keep it open"
        confirmLabel="Resolve"
        pending={resolve.isPending}
        onConfirm={(reason) => void resolve.run(reason)}
        onCancel={() => setResolving(false)}
      >
        <Text size="sm">{d.detail}</Text>
        {resolve.isError && <ErrorState error={resolve.error} />}
      </ReasonDialog>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Side title="The journal">
          {journal ? (
            <>
              <Text size="sm">
                {/* Underlined: a link inside a sentence is told from its words by more than colour. */}
                <Anchor component={Link} to={`/journal/${journal.id}`} underline="always">
                  {journal.operation} by {journal.operator}
                </Anchor>
                , {journal.state}, <LocalTime value={journal.created_at} />
              </Text>
              <Text size="sm" fw={600}>
                Says: {d.journal_value ?? '—'}
              </Text>
              <Code block aria-label="What the console sent">
                {json(journal.request_body)}
              </Code>
              <Code block aria-label="The service’s last answer">
                {json(journal.response)}
              </Code>
            </>
          ) : (
            <Text size="sm">No entry: the console did not send this.</Text>
          )}
        </Side>
        <Side title="The service">
          {service ? (
            <>
              <Text size="sm">
                {record ? (
                  <Anchor component={Link} to={record}>
                    {d.record_type} {d.record_id}
                  </Anchor>
                ) : (
                  `${d.record_type} ${d.record_id ?? ''}`
                )}
              </Text>
              <Text size="sm" fw={600}>
                Says: {d.service_value ?? '—'}
              </Text>
              {isRecord(service) ? (
                <ResultFields operation={OPERATION_OF_RECORD[d.record_type]} data={service} />
              ) : null}
              <RawJson value={service} label="the service’s record as JSON" />
            </>
          ) : (
            <Text size="sm">No record of its ref_id at the service.</Text>
          )}
        </Side>
      </SimpleGrid>
      <Side title="History">
        <Table aria-label="History of the difference">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">What</Table.Th>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col">Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.events.map((e, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <LocalTime value={e.at} />
                </Table.Td>
                <Table.Td>{EVENT_WORDS[e.kind] ?? e.kind}</Table.Td>
                <Table.Td>{e.actor ?? 'the reconciliation'}</Table.Td>
                <Table.Td>
                  {e.kind === 'assigned' ? `to ${e.reason ?? 'nobody'}` : (e.reason ?? '')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Side>
    </Stack>
  );
}

/** One difference of reconciliation (issue 40): both sides, its history, and its resolution. */
export function ReconciliationDifferencePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useQuery({
    queryKey: ['reconciliation', 'difference', id],
    queryFn: () => getReconDifference(id),
  });
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/reconciliation" size="sm">
        Back to reconciliation
      </Anchor>
      {query.isPending && <LoadingState label="Loading the difference" />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <Detail detail={query.data} acts={mayReconcile(session.data?.operator.role)} />
      )}
    </Stack>
  );
}
