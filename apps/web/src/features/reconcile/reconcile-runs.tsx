import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReconRun } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DatePeriodFields } from '@/components/form/date-period';
import { StatusBadge } from '@/components/result/status-badge';
import { LocalTime } from '@/components/result/local-time';
import { ErrorState, LoadingState } from '@/components/states/states';
import { listReconciliationRuns, startReconciliation } from '@/lib/api';
import { useWrite } from '@/lib/use-write';
import { DIFFERENCES_KEY, RUNS_KEY } from './reconcile-keys';
import { dateOf, instantOfDate, utcDay } from './reconcile-words';

/*
 * The reconciliation page's runs (issue 40): the runs of the last days with their counts, and the
 * form that starts one over a period; a run that ends has the queue read again.
 */

export function Runs({ acts }: { acts: boolean }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(() => dateOf(utcDay(1)));
  const [to, setTo] = useState(() => dateOf(utcDay(-1)));
  const runs = useQuery({
    queryKey: RUNS_KEY,
    queryFn: listReconciliationRuns,
    // While a run goes on, its counts move; once all are done, nothing does.
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => r.state === 'running') ? 2_000 : false,
  });
  const start = useWrite({
    mutationFn: () => startReconciliation({ from: instantOfDate(from), to: instantOfDate(to) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
      void queryClient.invalidateQueries({ queryKey: DIFFERENCES_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start.run();
  };
  const running = runs.data?.items.some((r) => r.state === 'running');
  // Each run that ends changes the queue: read it again then, not before.
  const done = runs.data?.items
    .filter((r) => r.state !== 'running')
    .map((r) => r.id)
    .join();
  const seenDone = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (done === undefined) return;
    if (seenDone.current !== undefined && done !== seenDone.current) {
      void queryClient.invalidateQueries({ queryKey: DIFFERENCES_KEY });
    }
    seenDone.current = done;
  }, [done, queryClient]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-runs-title">
      <Title order={2} size="h4" id="recon-runs-title">
        Runs
      </Title>
      <Text size="sm">
        A run matches the journal’s sends of a period with what the service holds, by ref_id, and
        the service’s records of the period back against the journal. The day before runs by itself
        every night.
      </Text>
      {acts && (
        <form onSubmit={submit} aria-label="Run reconciliation">
          <Group align="end" gap="sm">
            <DatePeriodFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
            <Button type="submit" loading={start.isPending}>
              Run reconciliation
            </Button>
          </Group>
        </form>
      )}
      {start.isError && <ErrorState error={start.error} />}
      {runs.isPending && <LoadingState label="Loading the runs" />}
      {runs.isError && <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />}
      {runs.data && runs.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No run yet.
        </Text>
      )}
      {runs.data && runs.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Reconciliation runs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Started</Table.Th>
                <Table.Th scope="col">Period</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Service reads</Table.Th>
                <Table.Th scope="col">Matched</Table.Th>
                <Table.Th scope="col">Differences found</Table.Th>
                <Table.Th scope="col">New</Table.Th>
                <Table.Th scope="col">Closed by itself</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.items.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {running === false && start.isSuccess && (
        <Text size="sm" role="status">
          The run is done: the queue below shows what it found.
        </Text>
      )}
    </Stack>
  );
}

function RunRow({ run }: { run: ReconRun }) {
  const count = (n: number | null) => (n === null ? '—' : String(n));
  return (
    <Table.Tr>
      <Table.Td>
        <LocalTime value={run.started_at} />
      </Table.Td>
      <Table.Td>
        {dateOf(run.from)} to {dateOf(run.to)}
      </Table.Td>
      <Table.Td>{run.started_by === 'daily' ? 'Nightly run' : run.started_by}</Table.Td>
      <Table.Td>
        {/* The shared status badge: its whole word, never cut to "DO…" by a narrow column. */}
        <StatusBadge
          value={run.state}
          label={run.state === 'running' ? 'Running' : run.state === 'done' ? 'Done' : 'Failed'}
          tone={run.state === 'done' ? 'good' : run.state === 'failed' ? 'bad' : 'waiting'}
        />
        {run.error && (
          <Text size="xs" c="red.8">
            {run.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{run.reads}</Table.Td>
      <Table.Td>{count(run.matched)}</Table.Td>
      <Table.Td>{count(run.found)}</Table.Td>
      <Table.Td>{count(run.opened)}</Table.Td>
      <Table.Td>{count(run.closed)}</Table.Td>
    </Table.Tr>
  );
}
