import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { TransferSchema, type Transfer } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { ResultCard } from '@/components/result/result-card';
import { Freshness } from '@/components/states/freshness';
import { ErrorState, LoadingState } from '@/components/states/states';
import { listJournal, readService } from '@/lib/api';
import { liveInterval } from '@/lib/live-interval';
import { TransferPageSchema } from '@/lib/read-schemas';
import { useProfiles } from '@/lib/use-profiles';
import { statusDetailsInWords } from './status-details';
import { TransfersTable } from './transfers-table';
import { personLabel } from '@/lib/person';

const isFinal = (t: Transfer | undefined) => t !== undefined && t.status !== 'PENDING';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** One transfer as the service holds it now, live until final, with the other side of its pair. */
export default function TransferDetailPage() {
  const { id = '' } = useParams();
  const path = `/v2/transfer/transfers/${encodeURIComponent(id)}`;
  const profiles = useProfiles();
  const transfer = useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path, {}, TransferSchema, { background: true }),
    refetchInterval: (q) => liveInterval(q.state.dataUpdateCount, isFinal(q.state.data)),
  });
  const data = transfer.data;
  const group = useQuery({
    queryKey: ['svc', 'transfer-group', data?.group_id, data?.status],
    queryFn: () =>
      readService(
        '/v2/transfer/transfers',
        { group_ids: [data!.group_id!], limit: 10 },
        TransferPageSchema,
      ),
    enabled: Boolean(data?.group_id),
  });
  const journal = useQuery({
    queryKey: ['journal', 'by-ref', data?.ref_id],
    queryFn: () => listJournal({ ref_id: data!.ref_id }, undefined, 10),
    enabled: Boolean(data?.ref_id),
  });
  const words = statusDetailsInWords(data?.status_details);

  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Transfer
        </Title>
        <Button component={Link} to="/transfers" variant="default" size="xs">
          Back to transfers
        </Button>
      </Group>
      {transfer.isPending ? (
        <LoadingState label="Loading the transfer…" />
      ) : !data ? (
        <ErrorState error={transfer.error} onRetry={() => void transfer.refetch()} />
      ) : (
        <>
          <Freshness query={transfer} live={!isFinal(data)} />
          {words.length > 0 && (
            <Alert color="red" variant="light" title="What the service says">
              {words.map((w) => (
                <Text key={w} size="sm">
                  {w}
                </Text>
              ))}
            </Alert>
          )}
          <ResultCard
            operation="createInternalTransfer"
            data={data}
            title="As the service holds it now"
          />
          {data.group_id && (
            <Section title="Both sides of the transfer">
              {group.data ? (
                <TransfersTable items={group.data.items} profiles={profiles.byId} label="Pair" />
              ) : group.isError ? (
                <ErrorState error={group.error} onRetry={() => void group.refetch()} />
              ) : (
                <LoadingState label="Loading the other side…" />
              )}
            </Section>
          )}
          <Section title="Journal">
            {!data.ref_id ? (
              <Text size="sm">This transfer has no reference id to find it in the journal.</Text>
            ) : journal.data?.items.length ? (
              <List size="sm">
                {journal.data.items.map((e) => (
                  <List.Item key={e.id}>
                    <Anchor component={Link} to={`/journal/${e.id}`} size="sm">
                      Journal entry by {personLabel(e.operator, e.operator_name)}
                    </Anchor>{' '}
                    <LocalTime value={e.created_at} size="sm" />
                  </List.Item>
                ))}
              </List>
            ) : journal.isPending ? (
              <LoadingState label="Looking in the journal…" />
            ) : (
              <Text size="sm">
                Not made through this console: no journal entry has its reference id.
              </Text>
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
