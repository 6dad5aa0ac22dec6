import { Group, Table, Text, Timeline } from '@mantine/core';
import type { Order } from '@console/schemas';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { EmptyState } from '@/components/states/states';
import { sum } from '@/lib/decimal';
import type { Execution } from '@/lib/read-schemas';
import { orderTimeline } from './order-timeline';

/** Commissions by asset, added exactly (big.js). */
function feesByAsset(executions: readonly Execution[]): [string, string][] {
  const by = new Map<string, string[]>();
  for (const e of executions) {
    if (!e.commission) continue;
    const asset = e.commission_asset ?? '';
    by.set(asset, [...(by.get(asset) ?? []), e.commission]);
  }
  return [...by].map(([asset, values]) => [asset, sum(values)]);
}

/** The fills of an order (its executions), with their total fees. */
export function OrderFills({
  executions,
  base,
  quote,
}: {
  executions: readonly Execution[];
  base?: string | undefined;
  quote?: string | undefined;
}) {
  if (executions.length === 0) {
    return <EmptyState title="No fills yet">Fills appear here as the order executes.</EmptyState>;
  }
  const fees = feesByAsset(executions);
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder striped aria-label="Fills" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Executed</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Gross</Table.Th>
              <Table.Th ta="right">Fee</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {executions.map((e, i) => (
              <Table.Tr key={e.execution_id ?? i}>
                <Table.Td>{e.executed_at ? <LocalTime value={e.executed_at} /> : '—'}</Table.Td>
                <Table.Td ta="right">
                  {e.amount && <Amount value={e.amount} asset={base} />}
                </Table.Td>
                <Table.Td ta="right">
                  {e.price && <Amount value={e.price} asset={quote} />}
                </Table.Td>
                <Table.Td ta="right">
                  {e.gross_trade_amount && <Amount value={e.gross_trade_amount} asset={quote} />}
                </Table.Td>
                <Table.Td ta="right">
                  {e.commission && (
                    <Amount value={e.commission} asset={e.commission_asset ?? quote} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs" aria-label="Fees">
        <Text size="sm" fw={600}>
          Fees in all:
        </Text>
        {fees.map(([asset, total]) => (
          <Amount key={asset} value={total} asset={asset || quote} />
        ))}
      </Group>
    </>
  );
}

/** The order's status over time, as far as the service's records tell it. */
export function OrderTimeline({
  order,
  executions,
}: {
  order: Order;
  executions: readonly Execution[];
}) {
  const steps = orderTimeline(order, executions);
  return (
    <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2} aria-label="Status timeline">
      {steps.map((step, i) => (
        <Timeline.Item
          key={i}
          title={
            <Group gap="xs">
              <StatusBadge value={step.status} />
              <Text size="sm">{step.what}</Text>
            </Group>
          }
        >
          {step.at ? (
            <LocalTime value={step.at} size="xs" />
          ) : (
            <Text size="xs" c="dimmed">
              The service keeps no time for this step
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
