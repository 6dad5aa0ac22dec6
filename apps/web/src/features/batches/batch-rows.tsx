import { Anchor, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { BATCH_ROW_STATES, type Batch, type BatchRow, type BatchRowState } from '@console/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordTable, type Column } from '@/components/list/record-table';
import { StatusBadge } from '@/components/result/status-badge';
import { ErrorState, LoadingState } from '@/components/states/states';
import { ROW_STATE_WORDS } from './batch-words';
import { BATCH_ROWS_PAGE, useBatchRows } from './use-batch';
import { PageSteps } from '@/components/list/page-steps';

const dash = (value: string | null) => value ?? '—';

/**
 * A batch's rows as the BFF pages them: searchable (cells and ref_id) and by state, each with its
 * state read from its journal entry, a link to that entry, its ref_id, the service's id of what it
 * created, and why it failed, in words.
 */
export function BatchRows({ batch }: { batch: Batch }) {
  const [page, setPage] = useState(0);
  const [q, setQ] = useState('');
  const [state, setState] = useState<BatchRowState | ''>('');
  const rows = useBatchRows(batch, page, q, state);
  const data = rows.data;
  const columns: Column<BatchRow>[] = [
    { title: 'Row', key: true, cell: (r) => r.row },
    {
      title: 'State',
      lead: true,
      cell: (r) => (
        <StatusBadge
          value={r.state}
          label={ROW_STATE_WORDS[r.state].label}
          tone={ROW_STATE_WORDS[r.state].tone}
        />
      ),
    },
    ...batch.columns.map((c): Column<BatchRow> => ({
      title: `“${c}”`,
      cell: (r) => r.cells[c] ?? '',
    })),
    {
      title: 'ref_id',
      cell: (r) => (
        <Text ff="monospace" size="xs">
          {dash(r.ref_id)}
        </Text>
      ),
    },
    {
      title: 'Service id',
      cell: (r) => (
        <Text ff="monospace" size="xs">
          {dash(r.service_id)}
        </Text>
      ),
    },
    {
      title: 'Journal entry',
      cell: (r) =>
        r.journal_id ? (
          <Anchor component={Link} to={`/journal/${r.journal_id}`} size="sm">
            Entry of row {r.row}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      // A failed row's error, or why a row was left out at upload (all the batch keeps of it).
      title: 'Error or reason',
      cell: (r) =>
        r.error ? (
          <Text size="sm" c={r.state === 'excluded' ? 'dimmed' : 'red'}>
            {r.error}
          </Text>
        ) : (
          '—'
        ),
    },
  ];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BATCH_ROWS_PAGE));
  return (
    <Stack gap="xs" component="section" aria-labelledby="batch-rows-title">
      <Title order={2} size="h4" id="batch-rows-title">
        Rows
      </Title>
      <Group align="end" gap="sm">
        <TextInput
          label="Search rows"
          description="A cell’s text or a ref_id"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(0);
          }}
          maxLength={200}
          w={260}
        />
        <NativeSelect
          label="State"
          value={state}
          onChange={(e) => {
            setState(e.currentTarget.value as BatchRowState | '');
            setPage(0);
          }}
          data={[
            { value: '', label: 'Any state' },
            ...BATCH_ROW_STATES.map((s) => ({ value: s, label: ROW_STATE_WORDS[s].label })),
          ]}
        />
      </Group>
      {rows.isPending && <LoadingState label="Loading the rows…" />}
      {rows.isError && !data && (
        <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
      )}
      {data && (
        <>
          <Text size="xs" c="dimmed" role="status">
            {total === 0
              ? 'No row matches.'
              : `Rows ${data.offset + 1}–${data.offset + data.items.length} of ${total}`}
          </Text>
          {data.items.length > 0 && (
            <RecordTable
              label="Rows of the batch"
              minWidth={1000}
              items={data.items}
              rowKey={(r) => String(r.row)}
              columns={columns}
            />
          )}
          <PageSteps page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
