import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { operations, type Schedule, type ScheduleOccurrence } from '@console/schemas';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { RequestParties } from '@/components/approval/request-parties-view';
import { RecordTable } from '@/components/list/record-table';
import { StatusBadge } from '@/components/result/status-badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { formatMoney } from '@/lib/format-amount';
import { requestParties } from '@/lib/request-parties';
import { useSession } from '@/lib/session';
import {
  mayActOnSchedules,
  mayReadSchedules,
  operatorZone,
  SCHEDULE_STATE_WORDS,
  upcomingState,
  wallTime,
} from './schedule-words';
import { useSchedules } from './use-schedules';

/** How far ahead the upcoming list looks. */
export const UPCOMING_DAYS = 30;

interface Upcoming {
  series: Schedule;
  occurrence: ScheduleOccurrence;
}

/**
 * Every series' coming occurrences in the next 30 days by the scheduler's clock (`now` of the
 * list: the embedded sandbox's in the demo), soonest first. A cancelled series has none.
 */
export function upcomingOf(items: readonly Schedule[], now: string): Upcoming[] {
  const until = Date.parse(now) + UPCOMING_DAYS * 86_400_000;
  return items
    .flatMap((series) =>
      series.next
        .filter((o) => Date.parse(o.due_at) < until)
        .map((occurrence) => ({ series, occurrence })),
    )
    .sort((a, b) => Date.parse(a.occurrence.due_at) - Date.parse(b.occurrence.due_at));
}

const versionOf = (s: Schedule) => s.in_force ?? s.awaiting;
const seriesName = (s: Schedule) =>
  `${operations[s.operation].title}, ${versionOf(s)?.timing_words ?? 'no version'}`;

function UpcomingTable({ items, now }: { items: readonly Schedule[]; now: string }) {
  const rows = upcomingOf(items, now);
  const yours = operatorZone();
  if (rows.length === 0) {
    return (
      <EmptyState title={`Nothing in the next ${UPCOMING_DAYS} days`}>
        No schedule has an occurrence due before then.
      </EmptyState>
    );
  }
  return (
    <RecordTable
      label={`Upcoming occurrences, the next ${UPCOMING_DAYS} days`}
      minWidth={1100}
      items={rows}
      rowKey={(r) => `${r.series.id} ${r.occurrence.due_at}`}
      columns={[
        {
          title: 'When (the series’ zone)',
          key: true,
          cell: (r) => wallTime(r.occurrence.due_at, versionOf(r.series)!.timing.time_zone),
        },
        { title: 'Your time', cell: (r) => wallTime(r.occurrence.due_at, yours) },
        { title: 'Operation', cell: (r) => operations[r.series.operation].title },
        {
          title: 'From → to',
          cell: (r) => (
            <RequestParties
              parties={requestParties(r.series.operation, versionOf(r.series)!.body)}
            />
          ),
        },
        {
          title: 'Amount',
          right: true,
          lead: true,
          cell: (r) => {
            const money = versionOf(r.series)!.per_occurrence;
            return money ? formatMoney(money.amount, money.asset) : '—';
          },
        },
        {
          title: 'Series',
          cell: (r) => (
            <Anchor component={Link} to={`/schedules/${r.series.id}`} size="sm">
              Occurrence {r.occurrence.number} of the series
            </Anchor>
          ),
        },
        {
          title: 'State',
          lead: true,
          cell: (r) => {
            const state = upcomingState(r.series);
            return <StatusBadge value={state.label} label={state.label} tone={state.tone} />;
          },
        },
      ]}
    />
  );
}

function SeriesTable({ items }: { items: readonly Schedule[] }) {
  if (items.length === 0) {
    return (
      <EmptyState title="No schedule yet">
        A schedule sends one transfer or orchestration at the dates of its timing, approved once.
      </EmptyState>
    );
  }
  return (
    <RecordTable
      label="Schedules"
      minWidth={900}
      items={items}
      columns={[
        {
          title: 'Schedule',
          key: true,
          cell: (s) => (
            <Anchor component={Link} to={`/schedules/${s.id}`} size="sm">
              {seriesName(s)}
            </Anchor>
          ),
        },
        {
          title: 'State',
          lead: true,
          cell: (s) => {
            const words =
              s.awaiting && !s.in_force ? upcomingState(s) : SCHEDULE_STATE_WORDS[s.state];
            return <StatusBadge value={s.state} label={words.label} tone={words.tone} />;
          },
        },
        {
          title: 'Per occurrence',
          right: true,
          cell: (s) => {
            const money = versionOf(s)?.per_occurrence;
            return money ? formatMoney(money.amount, money.asset) : '—';
          },
        },
        { title: 'Made by', cell: (s) => s.created_by_name },
      ]}
    />
  );
}

/**
 * Schedules (issue 63): the occurrences of the next 30 days across every series, then the
 * series, and, for those who send money, a new one.
 */
export function SchedulesPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  const list = useSchedules();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!mayReadSchedules(role)) {
    return <Text>Schedules are for finance, admins, auditors and viewers.</Text>;
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          Schedules
        </Title>
        {mayActOnSchedules(role) && (
          <Button component={Link} to="/schedules/new">
            New schedule
          </Button>
        )}
      </Group>
      {list.isPending && <LoadingState label="Loading the schedules…" />}
      {list.isError && !list.data && (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.data && (
        <>
          <Stack gap="xs" component="section" aria-labelledby="upcoming-title">
            <Title order={2} size="h4" id="upcoming-title">
              Upcoming, the next {UPCOMING_DAYS} days
            </Title>
            <Text size="xs" c="dimmed">
              As of {wallTime(list.data.now, operatorZone())}, by the clock the scheduler keeps.
            </Text>
            <UpcomingTable items={list.data.items} now={list.data.now} />
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="series-title">
            <Title order={2} size="h4" id="series-title">
              Every schedule
            </Title>
            <SeriesTable items={list.data.items} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
