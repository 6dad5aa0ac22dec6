import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  FINAL_ORCHESTRATION_STATUSES,
  ORCHESTRATION_STATUSES,
  TRANSFER_DETAIL_STATUSES,
  type Orchestration,
  type TransferDetails,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Amount } from '@/components/result/amount';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { RecordJournal } from '@/components/result/record-journal';
import { SectionCard } from '@/components/result/section-card';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { ErrorState, LoadingState } from '@/components/states/states';
import { readService } from '@/lib/api';
import { liveInterval } from '@/lib/live-interval';
import { pagePath, rulePath } from '@/lib/operation-routes';
import { OrchestrationRecordSchema } from '@/lib/read-schemas';
import { DestinationInWords, SourceInWords } from './endpoint-words';
import { failReasonInWords, legInWords } from './fail-reason';

const isFinal = (o: Orchestration | undefined) =>
  o !== undefined && (FINAL_ORCHESTRATION_STATUSES as readonly string[]).includes(o.status);

function Leg({ name, leg }: { name: string; leg: TransferDetails | undefined }) {
  const id = leg?.transfer_id;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td>
        {leg?.status ? (
          <StatusBadge value={leg.status} known={TRANSFER_DETAIL_STATUSES} />
        ) : (
          <Text size="sm">—</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{legInWords(leg?.status, id)}</Text>
      </Table.Td>
      <Table.Td>
        {id ? (
          <Anchor
            component={Link}
            to={pagePath('getTransfer', { id })}
            size="sm"
            aria-label={`Open the ${name.toLowerCase()} transfer ${id}`}
          >
            <Text span ff="monospace" size="sm">
              {id}
            </Text>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No transfer yet
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Facts({ o }: { o: Orchestration }) {
  return (
    <Stack gap={6}>
      <FactRow label="Status">
        <StatusBadge value={o.status} known={ORCHESTRATION_STATUSES} />
      </FactRow>
      <FactRow label="Moves">
        {o.source_amount ? (
          <Amount value={o.source_amount} asset={o.source_asset} />
        ) : (
          <Text size="sm">{o.source_asset ?? '—'}</Text>
        )}
        <Text size="sm">
          {o.destination_asset && o.destination_asset !== o.source_asset
            ? `converted to ${o.destination_asset}`
            : 'unconverted'}
        </Text>
      </FactRow>
      {o.profile_id && (
        <FactRow label="Profile">
          <ProfileRef id={o.profile_id} />
        </FactRow>
      )}
      <FactRow label="Made by">
        {o.orchestration_rule_id ? (
          <Anchor component={Link} to={rulePath(o.orchestration_rule_id)} size="sm">
            A rule, from a deposit that matched it
          </Anchor>
        ) : (
          <Text size="sm">An operator (ad hoc)</Text>
        )}
      </FactRow>
      {o.created_at && (
        <FactRow label="Created">
          <LocalTime value={o.created_at} />
        </FactRow>
      )}
      {o.updated_at && (
        <FactRow label="Updated">
          <LocalTime value={o.updated_at} />
        </FactRow>
      )}
      {o.ref_id && (
        <FactRow label="Reference id">
          <CopyValue value={o.ref_id} label="reference id" />
        </FactRow>
      )}
      <FactRow label="Orchestration id">
        <CopyValue value={o.id} label="orchestration id" />
      </FactRow>
    </Stack>
  );
}

/**
 * One orchestration as the service holds it now, followed until final: its status, why it failed,
 * its source and destination transfers (each a link), the rule that made it, and its journal entry.
 */
export default function OrchestrationPage() {
  const { id = '' } = useParams();
  const path = `/v2/orchestration/orchestrations/${encodeURIComponent(id)}`;
  const query = useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path, {}, OrchestrationRecordSchema, { background: true }),
    refetchInterval: (q) => liveInterval(q.state.dataUpdateCount, isFinal(q.state.data)),
  });
  const o = query.data;
  const reason = failReasonInWords(o?.fail_reason);

  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            Orchestration
          </Title>
          {o && (
            <Text size="sm" c="dimmed">
              {o.source_asset} → {o.destination_asset}
            </Text>
          )}
        </div>
        <Button component={Link} to={pagePath('listOrchestrations')} variant="default" size="xs">
          Back to orchestrations
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading the orchestration…" />
      ) : !o ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Freshness query={query} live={!isFinal(o)} />
          {reason && (
            <Alert color="red" variant="light" title="Why it failed" role="status">
              <Text size="sm">{reason}</Text>
            </Alert>
          )}
          <SectionCard title="As the service holds it now">
            <Facts o={o} />
          </SectionCard>
          <SectionCard title="Transfers">
            <Table.ScrollContainer minWidth={640}>
              <Table withTableBorder striped aria-label="Transfers of the orchestration">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Leg</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Meaning</Table.Th>
                    <Table.Th>Transfer</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Leg name="Source" leg={o.source_transfer} />
                  <Leg name="Destination" leg={o.destination_transfer} />
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </SectionCard>
          <SectionCard title="From and to">
            <FactRow label="From">
              <SourceInWords source={o.source} />
            </FactRow>
            <FactRow label="To">
              <DestinationInWords destination={o.destination} />
            </FactRow>
          </SectionCard>
          <SectionCard title="Journal">
            <RecordJournal
              filters={
                o.ref_id ? { operation: 'createOrchestration', ref_id: o.ref_id } : undefined
              }
              what="this orchestration"
            />
          </SectionCard>
        </>
      )}
    </Stack>
  );
}
