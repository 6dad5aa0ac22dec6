import { Button, Stack, Table, Text, Title } from '@mantine/core';
import type { Statement, StatementDifference, StatementSide } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '@/components/result/status-badge';
import { ErrorState, LoadingState } from '@/components/states/states';
import { getStatement, listStatements } from '@/lib/api';
import { STATEMENTS_KEY } from './reconcile-keys';
import { dateOf } from './reconcile-words';

/*
 * The statements uploaded (issue 64), and one statement's differences with the three sides side
 * by side: the journal, the service and the statement, a dash where a side has nothing of it.
 */

export const STATEMENT_KIND_WORDS: Record<StatementDifference['kind'], string> = {
  amount: 'Amount differs',
  date: 'Date differs',
  reference: 'Reference unknown',
  missing_statement: 'Missing on the statement',
  missing_service: 'Missing at the service',
  missing_journal: 'Missing in the journal',
};

const STATE_WORDS: Record<Statement['state'], string> = {
  matching: 'Matching',
  matched: 'Matched',
  failed: 'Failed',
};

export function StatementList({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const statements = useQuery({
    queryKey: STATEMENTS_KEY,
    queryFn: listStatements,
    refetchInterval: (q) =>
      q.state.data?.items.some((s) => s.state === 'matching') ? 2_000 : false,
  });
  if (statements.isPending) return <LoadingState label="Loading the statements" />;
  if (statements.isError) {
    return <ErrorState error={statements.error} onRetry={() => void statements.refetch()} />;
  }
  const count = (n: number | null) => (n === null ? '—' : String(n));
  return (
    <>
      {statements.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No statement yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Statements" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Source</Table.Th>
                <Table.Th scope="col">Period</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Lines</Table.Th>
                <Table.Th scope="col">Matched</Table.Th>
                <Table.Th scope="col">Differences</Table.Th>
                <Table.Th scope="col">View</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statements.data.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {s.source}
                    <Text size="xs" c="dimmed">
                      {s.file_name}, by {s.uploaded_by}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {dateOf(s.from)} to {dateOf(s.to)}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge
                      value={s.state}
                      label={STATE_WORDS[s.state]}
                      tone={
                        s.state === 'matched' ? 'good' : s.state === 'failed' ? 'bad' : 'waiting'
                      }
                    />
                  </Table.Td>
                  <Table.Td>{s.lines}</Table.Td>
                  <Table.Td>{count(s.matched)}</Table.Td>
                  <Table.Td>{count(s.differences)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={selected === s.id ? 'filled' : 'default'}
                      aria-pressed={selected === s.id}
                      aria-label={`Show the differences of ${s.source}, ${dateOf(s.from)} to ${dateOf(s.to)}`}
                      onClick={() => onSelect(s.id)}
                    >
                      Show
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {selected && <StatementDifferences id={selected} />}
    </>
  );
}

/** A side as one cell: its date, amount and asset, reference and note; a dash for none. */
function Side({ side }: { side: StatementSide | null }) {
  // A plain dash: hidden text positioned absolutely would escape the table's scroll container
  // and widen the page at 390 px.
  if (!side) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {side.amount ?? '—'} {side.asset ?? ''}
      </Text>
      <Text size="xs">{side.date ? dateOf(side.date) : '—'}</Text>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {side.reference ?? '—'}
      </Text>
      {side.note && (
        <Text size="xs" c="dimmed">
          {side.note}
        </Text>
      )}
    </Stack>
  );
}

function StatementDifferences({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: [...STATEMENTS_KEY, id],
    queryFn: () => getStatement(id),
    refetchInterval: (q) => (q.state.data?.statement.state === 'matching' ? 2_000 : false),
  });
  if (detail.isPending) return <LoadingState label="Loading the statement" />;
  if (detail.isError) {
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const { statement, differences } = detail.data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="statement-differences-title">
      <Title order={3} size="h5" id="statement-differences-title">
        {statement.source}, {dateOf(statement.from)} to {dateOf(statement.to)}
      </Title>
      {statement.state === 'matching' && (
        <Text size="sm" role="status">
          Waiting for the run over its period to read the service…
        </Text>
      )}
      {statement.state === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          The run over its period failed: upload the statement again.
        </Text>
      )}
      {statement.state === 'matched' && differences.length === 0 && (
        <Text size="sm" role="status">
          The statement agrees with the journal and the service: {statement.matched} matched.
        </Text>
      )}
      {differences.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Statement differences" striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Difference</Table.Th>
                <Table.Th scope="col">Journal</Table.Th>
                <Table.Th scope="col">Service</Table.Th>
                <Table.Th scope="col">Statement</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differences.map((d) => (
                <Table.Tr key={`${d.kind}:${d.record_id ?? d.journal_id ?? d.line ?? ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {STATEMENT_KIND_WORDS[d.kind]}
                    </Text>
                    <Text size="xs">{d.detail}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Side side={d.journal} />
                  </Table.Td>
                  <Table.Td>
                    <Side side={d.service} />
                  </Table.Td>
                  <Table.Td>
                    <Side side={d.statement} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
