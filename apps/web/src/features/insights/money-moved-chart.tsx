import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { MoneyMoved } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState, LoadingState } from '@/components/states/states';
import { getMoneyMoved } from '@/lib/api';
import { csvFileName, csvText, downloadCsv } from '@/lib/csv';
import { formatAmount, formatMoney } from '@/lib/format-amount';
import {
  dayLabel,
  lastDays,
  MONEY_CSV_COLUMNS,
  moneyDays,
  moneySummary,
  movingOperations,
  operationLabel,
  PERIOD_DAYS,
  type MoneyDayRow,
  type PeriodDays,
} from './insights-words';

/*
 * Money moved per UTC day (issue 62): the USD equivalent of what the service accepted, stacked by
 * operation, with a sentence that sums it up, its table twin and its CSV. The chart is a picture
 * of the table: every figure it shows is in the table, exact.
 */

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6'];

/** The tooltip: one day's exact USD per operation, in the pages' one number format. */
function DayTooltip({ row }: { row: MoneyDayRow | undefined }) {
  if (!row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" fz="sm">
      <Text fw={600} fz="sm">
        {row.label} (UTC)
      </Text>
      {Object.entries(row.byOperation).map(([operation, usd]) => (
        <Text key={operation} fz="sm">
          {operationLabel(operation)}: {formatMoney(usd, 'USD')}
        </Text>
      ))}
      <Text fz="sm">Total: {formatMoney(row.total, 'USD')}</Text>
    </Paper>
  );
}

function MoneyTable({ moved }: { moved: MoneyMoved }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <caption>Money moved per UTC day, operation and asset</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day (UTC)</Table.Th>
            <Table.Th scope="col">Operation</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Sends</Table.Th>
            <Table.Th scope="col">USD</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {moved.days.map((row) => (
            <Table.Tr key={`${row.day} ${row.operation} ${row.asset}`}>
              <Table.Td>{row.day}</Table.Td>
              <Table.Td>{operationLabel(row.operation)}</Table.Td>
              <Table.Td>{formatMoney(row.amount, row.asset)}</Table.Td>
              <Table.Td>{row.sends}</Table.Td>
              <Table.Td>
                {formatAmount(row.usd, 'USD')}
                {row.unpriced > 0 ? ` (${row.unpriced} without a price)` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td>{moved.sends}</Table.Td>
            <Table.Td>{formatMoney(moved.usd_total, 'USD')}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MoneyMovedChart() {
  const [days, setDays] = useState<PeriodDays>(7);
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  const period = lastDays(days);
  const moved = useQuery({
    queryKey: ['insights', 'money-moved', period.from, period.to],
    queryFn: () => getMoneyMoved(period),
  });
  const data = moved.data;
  const rows = data ? moneyDays(data) : [];
  const series = data
    ? movingOperations(data).map((name, i) => ({
        name,
        label: operationLabel(name),
        color: COLORS[i % COLORS.length]!,
      }))
    : [];
  // The bars' heights only: a pixel needs a number. Every figure read is the exact string.
  const chartData = rows.map((row) => ({
    label: row.label,
    row,
    ...Object.fromEntries(series.map((s) => [s.name, Number(row.byOperation[s.name] ?? 0)])),
  }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="end" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            Money moved per day (USD)
          </Title>
          <SegmentedControl
            aria-label="Period of money moved"
            value={String(days)}
            onChange={(value) => setDays(Number(value) as PeriodDays)}
            data={PERIOD_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
            size="xs"
          />
        </Group>
        {moved.isPending && <LoadingState label="Loading money moved" />}
        {moved.isError && <ErrorState error={moved.error} onRetry={() => void moved.refetch()} />}
        {data && (
          <>
            <Text id={summaryId} size="sm">
              {moneySummary(data, days)} Days are UTC days, {dayLabel(data.from)} to{' '}
              {dayLabel(data.to)}.
            </Text>
            {asTable ? (
              <MoneyTable moved={data} />
            ) : (
              <div role="img" aria-labelledby={`${titleId} ${summaryId}`}>
                <BarChart
                  h={260}
                  data={chartData}
                  dataKey="label"
                  type="stacked"
                  series={series}
                  withLegend={series.length > 1}
                  valueFormatter={(value) => formatAmount(String(value), 'USD')}
                  tooltipProps={{
                    content: ({ payload }) => (
                      <DayTooltip
                        row={(payload?.[0]?.payload as { row?: MoneyDayRow } | undefined)?.row}
                      />
                    ),
                  }}
                  barChartProps={{ accessibilityLayer: false }}
                />
              </div>
            )}
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                aria-pressed={asTable}
                onClick={() => setAsTable((t) => !t)}
              >
                Show as table
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  downloadCsv(csvFileName('money-moved'), csvText(MONEY_CSV_COLUMNS, data.days))
                }
              >
                Download CSV
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
