import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { changesBetween, operations, type Schedule, type ScheduleVersion } from '@console/schemas';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { RequestParties } from '@/components/approval/request-parties-view';
import { changeLines } from '@/components/form/changes';
import { SentValues } from '@/components/form/sent-values';
import { RecordTable } from '@/components/list/record-table';
import { JournalStateBadge } from '@/components/result/journal-state-badge';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { requestParties } from '@/lib/request-parties';
import { requestShape } from '@/lib/schema-walk';
import { useSession } from '@/lib/session';
import { ScheduleActions } from './schedule-actions';
import {
  mayActOnSchedules,
  mayReadSchedules,
  operatorZone,
  outcomeWords,
  SCHEDULE_STATE_WORDS,
  wallTime,
} from './schedule-words';
import { useSchedule } from './use-schedules';
import { VersionSums } from './version-facts';

const VERSION_STATE = {
  approved: 'In force',
  awaiting_approval: 'Awaiting approval',
  rejected: 'Rejected',
  superseded: 'Superseded',
} as const;

/** One version: its timing, what it sends, what its approval is given to and who gave it. */
function VersionCard({ series, version }: { series: Schedule; version: ScheduleVersion }) {
  const op = operations[series.operation];
  const titleId = `version-${version.id}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          Version {version.version}: {VERSION_STATE[version.state]}
        </Title>
        <Text size="sm">{version.timing_words}</Text>
        <Text size="sm">
          If one is missed while the console is down:{' '}
          {version.catch_up === 'send_once' ? 'sent once, late' : 'skipped'}.
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            From → to
          </Text>
          <RequestParties parties={requestParties(series.operation, version.body)} />
        </Group>
        <Text size="sm" c="dimmed">
          Made by {version.created_by_name}
          {version.approved_at && (
            <>
              , in force since <LocalTime value={version.approved_at} />
            </>
          )}
          {version.approvals.length > 0 &&
            `; approved by ${version.approvals.map((a) => a.name).join(', ')}`}
        </Text>
        <VersionSums version={version} label={`What version ${version.version} approves`} />
        <SentValues shape={requestShape(op)} input={version.body} />
      </Stack>
    </Card>
  );
}

/** What the version awaiting approval changes of the one in force, field by field. */
function Changes({
  series,
  from,
  to,
}: {
  series: Schedule;
  from: ScheduleVersion;
  to: ScheduleVersion;
}) {
  const lines: string[] = [];
  if (from.timing_words !== to.timing_words) {
    lines.push(`Timing: ${from.timing_words} → ${to.timing_words}`);
  }
  if (from.catch_up !== to.catch_up)
    lines.push(`Missed occurrences: ${from.catch_up} → ${to.catch_up}`);
  // The body's changes labelled from the operation's schema, as an edit's review says them.
  for (const change of changeLines(
    requestShape(operations[series.operation]),
    changesBetween(from.body, to.body),
  )) {
    lines.push(`${change.label}: ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`);
  }
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="changes-title">
      <Title order={2} size="h4" id="changes-title">
        What version {to.version} changes
      </Title>
      {lines.length === 0 ? (
        <Text size="sm">Nothing but its approval.</Text>
      ) : (
        lines.map((line) => (
          <Text size="sm" key={line} style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))
      )}
    </Card>
  );
}

/** Each decided occurrence, latest first, with its outcome and its journal entry. */
function History({ series }: { series: Schedule }) {
  const zone = (series.in_force ?? series.awaiting)?.timing.time_zone ?? 'UTC';
  const yours = operatorZone();
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title">
        History
      </Title>
      {series.history.length === 0 ? (
        <EmptyState title="No occurrence decided yet">
          Each occurrence is listed here once it is sent, refused or skipped.
        </EmptyState>
      ) : (
        <RecordTable
          label="Occurrences decided"
          minWidth={1000}
          items={series.history}
          rowKey={(o) => o.due_at}
          columns={[
            { title: 'Occurrence', key: true, cell: (o) => `${o.number}` },
            { title: 'Due (the series’ zone)', cell: (o) => wallTime(o.due_at, zone) },
            { title: 'Your time', cell: (o) => wallTime(o.due_at, yours) },
            {
              title: 'Outcome',
              lead: true,
              cell: (o) => {
                const words = outcomeWords(o);
                return <StatusBadge value={o.state} label={words.label} tone={words.tone} />;
              },
            },
            {
              title: 'Journal entry',
              cell: (o) =>
                o.journal_id ? (
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={`/journal/${o.journal_id}`} size="sm">
                      Entry of occurrence {o.number}
                    </Anchor>
                    {o.journal_state && <JournalStateBadge state={o.journal_state} />}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    None: nothing was sent
                  </Text>
                ),
            },
            { title: 'Why', cell: (o) => o.words ?? '' },
          ]}
        />
      )}
    </Stack>
  );
}

function Coming({ series }: { series: Schedule }) {
  const zone = (series.in_force ?? series.awaiting)?.timing.time_zone ?? 'UTC';
  const yours = operatorZone();
  if (series.next.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="next-title">
      <Title order={2} size="h4" id="next-title">
        Next occurrences
      </Title>
      <RecordTable
        label="Next occurrences"
        minWidth={700}
        items={series.next}
        rowKey={(o) => o.due_at}
        columns={[
          { title: 'Occurrence', key: true, cell: (o) => `${o.number}` },
          { title: 'Due (the series’ zone)', cell: (o) => wallTime(o.due_at, zone) },
          { title: 'Your time', cell: (o) => wallTime(o.due_at, yours) },
        ]}
      />
    </Stack>
  );
}

/**
 * One schedule (issue 63): its state, its version in force and the one awaiting approval (and
 * what that changes), what may be done, its next occurrences, its history (each occurrence with
 * its journal entry) and its recorded actions.
 */
export function SchedulePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const role = session.data?.operator.role;
  const series = useSchedule(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = series.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);

  if (!mayReadSchedules(role)) {
    return <Text>Schedules are for finance, admins, auditors and viewers.</Text>;
  }
  if (series.isPending) return <LoadingState label="Loading the schedule…" />;
  if (series.isError && !series.data) {
    return <ErrorState error={series.error} onRetry={() => void series.refetch()} />;
  }
  const s = series.data;
  const words = SCHEDULE_STATE_WORDS[s.state];
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          Schedule: {operations[s.operation].title}
        </Title>
        <Button component={Link} to="/schedules" variant="default" size="xs">
          Back to schedules
        </Button>
      </Group>
      <Group gap="xs">
        <StatusBadge value={s.state} label={words.label} tone={words.tone} />
        <Text size="sm" c="dimmed">
          Made by {s.created_by_name}, <LocalTime value={s.created_at} />
        </Text>
      </Group>
      <ScheduleActions
        series={s}
        me={session.data?.operator.username}
        acts={mayActOnSchedules(role)}
      />
      {s.in_force && s.awaiting && <Changes series={s} from={s.in_force} to={s.awaiting} />}
      {s.awaiting && <VersionCard series={s} version={s.awaiting} />}
      {s.in_force && <VersionCard series={s} version={s.in_force} />}
      <Coming series={s} />
      <History series={s} />
      {s.actions.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="actions-title">
          <Title order={2} size="h4" id="actions-title">
            Recorded actions
          </Title>
          <RecordTable
            label="Recorded actions"
            minWidth={700}
            items={s.actions}
            rowKey={(a) => `${a.action} ${a.at} ${a.by}`}
            columns={[
              { title: 'When', key: true, cell: (a) => <LocalTime value={a.at} /> },
              { title: 'Action', cell: (a) => a.action },
              { title: 'By', cell: (a) => a.name },
              {
                title: 'Occurrence',
                cell: (a) => (a.due_at ? wallTime(a.due_at, operatorZone()) : ''),
              },
              { title: 'Reason', cell: (a) => a.reason ?? '' },
            ]}
          />
        </Stack>
      )}
    </Stack>
  );
}
