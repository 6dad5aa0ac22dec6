import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { ReconDifference, ReconRun, Role } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DatePeriodFields } from '@/components/form/date-period';
import { StatusBadge } from '@/components/result/status-badge';
import { LocalTime } from '@/components/result/local-time';
import { ErrorState, LoadingState } from '@/components/states/states';
import {
  exportReconciliation,
  listReconciliationRuns,
  listReconDifferences,
  startReconciliation,
  type ReconDifferenceStatusFilter,
} from '@/lib/api';
import { downloadText } from '@/lib/download';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import {
  differenceTitle,
  instantOfDate,
  legsLine,
  recordPath,
  STATUS_WORDS,
  utcDay,
} from './reconcile-words';

/** Who may open the page, and who may run it and work its queue (issue 40). */
export const mayReadReconciliation = (role: Role | undefined) =>
  role === 'admin' || role === 'finance' || role === 'auditor';
export const mayReconcile = (role: Role | undefined) => role === 'admin' || role === 'finance';

export const RUNS_KEY = ['reconciliation', 'runs'] as const;
export const DIFFERENCES_KEY = ['reconciliation', 'differences'] as const;

const dateOf = (instant: string) => instant.slice(0, 10);

function Runs({ acts }: { acts: boolean }) {
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

function DifferenceRow({ d }: { d: ReconDifference }) {
  const record = recordPath(d);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/reconciliation/${d.id}`} size="sm">
          {differenceTitle(d)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {record ? (
          <Anchor component={Link} to={record} size="sm">
            {d.record_type} {d.record_id}
          </Anchor>
        ) : (
          <Text size="sm">{d.record_id ? `${d.record_type} ${d.record_id}` : '—'}</Text>
        )}
        {/* One row for a record and its legs, whoever made them: the legs are named here. */}
        {d.legs.length > 0 && (
          <Text size="xs" c="dimmed">
            {legsLine(d.legs)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{d.journal_value ?? '—'}</Table.Td>
      <Table.Td>{d.service_value ?? '—'}</Table.Td>
      <Table.Td>
        <LocalTime value={d.subject_at} />
      </Table.Td>
      <Table.Td>{d.assignee ?? '—'}</Table.Td>
      <Table.Td>
        {STATUS_WORDS[d.status]}
        {d.reopened > 0 ? ` (recurred ${d.reopened}×)` : ''}
      </Table.Td>
    </Table.Tr>
  );
}

function Queue() {
  const [status, setStatus] = useState<ReconDifferenceStatusFilter>('open');
  const queue = useQuery({
    queryKey: [...DIFFERENCES_KEY, status],
    queryFn: () => listReconDifferences(status),
  });
  const byKind = Object.entries(queue.data?.open_by_kind ?? {});
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-queue-title">
      <Title order={2} size="h4" id="recon-queue-title">
        Differences
      </Title>
      <Group align="end" gap="sm">
        <NativeSelect
          label="Show"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as ReconDifferenceStatusFilter)}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'resolved', label: 'Resolved' },
            { value: 'closed', label: 'Closed by themselves' },
            { value: 'all', label: 'All' },
          ]}
        />
        {byKind.length > 0 && (
          <Text size="sm" aria-label="Open differences by kind">
            Open:{' '}
            {byKind
              .map(
                ([kind, n]) =>
                  `${n} ${differenceTitle({ kind: kind as ReconDifference['kind'], source: null }).toLowerCase()}`,
              )
              .join(', ')}
          </Text>
        )}
      </Group>
      {queue.isPending && <LoadingState label="Loading the differences" />}
      {queue.isError && <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />}
      {queue.data && queue.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {status === 'open' ? 'Nothing to reconcile: every difference is resolved.' : 'None.'}
        </Text>
      )}
      {queue.data && queue.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table aria-label="Differences" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Difference</Table.Th>
                <Table.Th scope="col">Service record</Table.Th>
                <Table.Th scope="col">Journal says</Table.Th>
                <Table.Th scope="col">Service says</Table.Th>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Assigned to</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.items.map((d) => (
                <DifferenceRow key={d.id} d={d} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Export() {
  const [from, setFrom] = useState(() => dateOf(utcDay(30)));
  const [to, setTo] = useState(() => dateOf(utcDay(-1)));
  const made = useWrite({
    mutationFn: () => exportReconciliation(instantOfDate(from), instantOfDate(to)),
    onSuccess: (result) => downloadText(result.filename, result.csv, 'text/csv;charset=utf-8'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void made.run();
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-export-title">
      <Title order={2} size="h4" id="recon-export-title">
        Export
      </Title>
      <form onSubmit={submit} aria-label="Export reconciliation">
        <Group align="end" gap="sm">
          <DatePeriodFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button type="submit" variant="default" loading={made.isPending}>
            Export CSV
          </Button>
        </Group>
      </form>
      {made.isError && <ErrorState error={made.error} />}
      {made.data && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            Exported to {made.data.filename}.
          </Text>
          {made.data.summary.length > 0 && (
            <Table aria-label="Per day and kind" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Day (UTC)</Table.Th>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Count</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {made.data.summary.map((s) => (
                  <Table.Tr key={`${s.day} ${s.kind}`}>
                    <Table.Td>{s.day}</Table.Td>
                    <Table.Td>
                      {s.kind === 'match'
                        ? 'Matched'
                        : differenceTitle({
                            kind: s.kind as ReconDifference['kind'],
                            source: null,
                          })}
                    </Table.Td>
                    <Table.Td>{s.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Reconciliation (issue 40): runs over a period, the queue of differences between the journal
 * and the service, and the export. Finance and admins run it and work the queue; auditors read.
 */
export function ReconciliationPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  if (!mayReadReconciliation(role)) {
    return <Text>Reconciliation is for finance, admins and auditors.</Text>;
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Reconciliation
      </Title>
      <Runs acts={mayReconcile(role)} />
      <Queue />
      <Export />
    </Stack>
  );
}
