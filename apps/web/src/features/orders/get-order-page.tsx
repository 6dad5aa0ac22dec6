import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { MARKETS, OrderSchema, isKnownValue, marketAssets, type Order } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { ResultCard } from '@/components/result/result-card';
import { SectionCard as Section } from '@/components/result/section-card';
import { Freshness } from '@/components/states/freshness';
import { ErrorState, LoadingState } from '@/components/states/states';
import { listJournal, readService } from '@/lib/api';
import { streamedInterval } from '@/lib/live-stream';
import { pagePath } from '@/lib/operation-routes';
import { ExecutionPageSchema, FINAL_ORDER_STATUSES } from '@/lib/read-schemas';
import { useProfiles, profileName } from '@/lib/use-profiles';
import { CancelOrderAction } from './cancel-order-action';
import { OrderFeeOutcome } from './order-fee-outcome';
import { OrderFills, OrderTimeline } from './order-fills';
import { personLabel } from '@/lib/person';

const isFinal = (order: Order | undefined) =>
  order !== undefined && (FINAL_ORDER_STATUSES as readonly string[]).includes(order.status);

/**
 * After a cancel request: while the order is open it may still fill, and once final, whether the
 * cancel took effect or a fill came first.
 */
function CancelRequested({ order, at }: { order: Order; at: number }) {
  const when = <LocalTime value={at} size="sm" />;
  const filled = order.status === 'FILLED';
  return (
    <div role="status" aria-label="Cancel request">
      {!isFinal(order) ? (
        <Alert color="yellow" variant="light" title="Cancel requested" role="note">
          <Text size="sm">
            Requested at {when}. The order stays open, and may still fill, until the service cancels
            it; this page follows it.
          </Text>
        </Alert>
      ) : (
        <Alert color={filled ? 'orange' : 'teal'} variant="light" role="note">
          <Text size="sm">
            {filled
              ? `The order filled before the cancellation requested at `
              : `Cancelled as requested at `}
            {when}
            {filled ? ' took effect.' : `: the order is ${order.status}.`}
          </Text>
        </Alert>
      )}
    </div>
  );
}

/** The journal entries that placed this order (by its reference id): who, when, what was sent. */
function OrderJournal({ refId }: { refId: string | undefined }) {
  const entries = useQuery({
    queryKey: ['journal', 'by-ref', 'createOrder', refId],
    queryFn: () => listJournal({ operation: 'createOrder', ref_id: refId }, undefined, 10),
    enabled: Boolean(refId),
  });
  if (!refId)
    return <Text size="sm">This order has no reference id to find it in the journal.</Text>;
  if (entries.isPending) return <LoadingState label="Looking in the journal…" />;
  if (entries.isError) {
    return <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />;
  }
  if (entries.data.items.length === 0) {
    return (
      <Text size="sm">
        Not placed through this console: no journal entry has reference id {refId}.
      </Text>
    );
  }
  return (
    <List size="sm">
      {entries.data.items.map((entry) => (
        <List.Item key={entry.id}>
          <Anchor component={Link} to={`/journal/${entry.id}`} size="sm">
            Journal entry by {personLabel(entry.operator, entry.operator_name)}
          </Anchor>{' '}
          <LocalTime value={entry.created_at} size="sm" />
        </List.Item>
      ))}
    </List>
  );
}

/**
 * One order as the service holds it now: its fields, fills and fees, its status over time and the
 * journal entry that placed it. An open order is read again on a backing-off interval until final.
 */
export default function OrderDetailPage() {
  const { profile_id = '', id = '' } = useParams();
  const path = `/v2/profiles/${encodeURIComponent(profile_id)}/orders/${encodeURIComponent(id)}`;
  const profiles = useProfiles();
  const order = useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path, {}, OrderSchema, { background: true }),
    refetchInterval: (q) => streamedInterval(q.state.dataUpdateCount, isFinal(q.state.data)),
  });
  // Read again whenever the order changes (a fill moves amount_filled), not on a clock of its own.
  const executions = useQuery({
    queryKey: ['svc', 'executions', id, order.data?.amount_filled, order.data?.status],
    queryFn: () =>
      readService('/v2/executions', { order_id: id, limit: 1000 }, ExecutionPageSchema, {
        background: true,
      }),
    enabled: order.data !== undefined,
    placeholderData: (previous) => previous,
  });
  const [cancelAt, setCancelAt] = useState<number>();
  const data = order.data;
  const assets = data && isKnownValue(MARKETS, data.market) ? marketAssets(data.market) : undefined;

  return (
    <Stack gap="sm" maw={980}>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            Order
          </Title>
          {data && (
            <Text size="sm" c="dimmed">
              {data.side} {data.market} · {profileName(profiles.byId, data.profile_id)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {data && (
            <CancelOrderAction
              order={data}
              // Once sent, it stays to say so (and keeps the focus) as the order becomes final.
              keep={cancelAt !== undefined}
              onOutcome={(outcome) => {
                if (outcome.kind === 'sent') setCancelAt(Date.now());
              }}
            />
          )}
          <Button component={Link} to={pagePath('listOrders')} variant="default" size="xs">
            Back to orders
          </Button>
        </Group>
      </Group>
      {order.isPending ? (
        <LoadingState label="Loading the order…" />
      ) : !data ? (
        <ErrorState error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <>
          <Freshness query={order} live={!isFinal(data)} />
          {cancelAt !== undefined && <CancelRequested order={data} at={cancelAt} />}
          <ResultCard operation="createOrder" data={data} title="As the service holds it now" />
          <Section title="Fills">
            {executions.isPending ? (
              <LoadingState label="Loading the fills…" />
            ) : executions.data ? (
              <>
                <OrderFills
                  executions={executions.data.items}
                  base={assets?.base}
                  quote={assets?.quote}
                />
                <OrderFeeOutcome order={data} executions={executions.data.items} />
              </>
            ) : (
              <ErrorState error={executions.error} onRetry={() => void executions.refetch()} />
            )}
          </Section>
          <Section title="Status timeline">
            <OrderTimeline order={data} executions={executions.data?.items ?? []} />
          </Section>
          <Section title="Journal">
            <OrderJournal refId={data.ref_id} />
          </Section>
        </>
      )}
    </Stack>
  );
}
