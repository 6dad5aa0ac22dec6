import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Schedule, ScheduleVersion } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReasonDialog } from '@/components/action/reason-dialog';
import { ErrorState } from '@/components/states/states';
import {
  approveSchedule,
  cancelSchedule,
  pauseSchedule,
  rejectSchedule,
  resumeSchedule,
  SCHEDULES_KEY,
  skipScheduleOccurrence,
} from '@/lib/api';
import { useWrite } from '@/lib/use-write';
import { operatorZone, wallTime } from './schedule-words';
import { scheduleKey } from './use-schedules';
import { VersionSums } from './version-facts';

type Action =
  | { kind: 'approve'; version: string }
  | { kind: 'reject'; reason: string }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'skip'; dueAt: string }
  | { kind: 'cancel'; reason: string };

const act = (id: string, action: Action) => {
  switch (action.kind) {
    case 'approve':
      // Exactly the version the approver read: another awaiting since is refused (409).
      return approveSchedule(id, action.version);
    case 'reject':
      return rejectSchedule(id, action.reason);
    case 'pause':
      return pauseSchedule(id);
    case 'resume':
      return resumeSchedule(id);
    case 'skip':
      return skipScheduleOccurrence(id, action.dueAt);
    case 'cancel':
      return cancelSchedule(id, action.reason);
  }
};

type Dialog = 'approve' | 'reject' | 'pause' | 'resume' | 'skip' | 'cancel' | null;

/**
 * What an operator may do with a series now, each confirmed in a dialog. Approve and Reject are
 * for a money role other than the version's author (four eyes: the author is told so); the BFF
 * checks again, and its problem is shown in the dialog. Pause, resume, skip the next occurrence
 * and cancel are recorded actions with the operator's name.
 */
export function ScheduleActions({
  series,
  me,
  acts,
}: {
  series: Schedule;
  /** The signed-in operator's username. */
  me: string | undefined;
  /** A money role: may act on schedules at all. */
  acts: boolean;
}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const decide = useWrite({
    mutationFn: (action: Action) => act(series.id, action),
    onSuccess: (answer) => {
      queryClient.setQueryData(scheduleKey(series.id), answer);
      setDialog(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
  const run = (action: Action) => void decide.run(action).catch(() => undefined);
  const open = (next: Dialog) => {
    decide.reset();
    setDialog(next);
  };
  const pending = decide.isPending;
  if (!acts) return null;

  const awaiting: ScheduleVersion | null = series.awaiting;
  const author = awaiting !== null && me !== undefined && me === awaiting.created_by;
  const approved = awaiting?.approvals.some((a) => a.by === me) ?? false;
  const live = series.state !== 'cancelled';
  const next = series.next[0];
  const problem = decide.isError ? <ErrorState error={decide.error} /> : null;

  return (
    <Stack gap="xs">
      {awaiting && author && (
        <Alert color="gray" variant="light" title="Another operator approves this version">
          You made it: four eyes means someone else checks and approves it. Nothing is sent before;
          until then you may cancel the schedule.
        </Alert>
      )}
      {awaiting && !author && approved && (
        <Alert color="teal" variant="light" role="status">
          Your approval is recorded; the version waits for the approvals still needed.
        </Alert>
      )}
      <Group gap="xs">
        {awaiting && live && !author && !approved && (
          <>
            <Button color="teal" onClick={() => open('approve')} disabled={pending}>
              Approve version {awaiting.version}
            </Button>
            <Button color="red" variant="light" onClick={() => open('reject')} disabled={pending}>
              Reject
            </Button>
          </>
        )}
        {series.state === 'active' && series.in_force && (
          <Button variant="default" onClick={() => open('pause')} disabled={pending}>
            Pause
          </Button>
        )}
        {series.state === 'paused' && (
          <Button onClick={() => open('resume')} disabled={pending}>
            Resume
          </Button>
        )}
        {live && series.in_force && next && (
          <Button variant="default" onClick={() => open('skip')} disabled={pending}>
            Skip the next occurrence
          </Button>
        )}
        {live && (
          <Button color="red" variant="light" onClick={() => open('cancel')} disabled={pending}>
            Cancel the schedule
          </Button>
        )}
      </Group>
      {problem && dialog === null && problem}
      <Modal
        opened={dialog === 'approve'}
        onClose={() => setDialog(null)}
        title="Approve this version?"
        centered
        size="lg"
      >
        {awaiting && (
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {awaiting.timing_words}
            </Text>
            <VersionSums version={awaiting} />
            <Text size="sm">
              Each occurrence is still decided at its time by the rules in force then: a destination
              revoked or a limit reached holds or refuses it, and the operators are told.
            </Text>
            {problem}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)} disabled={pending}>
                Keep it waiting
              </Button>
              <Button
                color="teal"
                onClick={() => run({ kind: 'approve', version: awaiting.id })}
                loading={pending}
              >
                Approve
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Confirm
        opened={dialog === 'pause' || dialog === 'resume' || dialog === 'skip'}
        title={
          dialog === 'pause'
            ? 'Pause the schedule?'
            : dialog === 'resume'
              ? 'Resume the schedule?'
              : 'Skip the next occurrence?'
        }
        confirmLabel={dialog === 'pause' ? 'Pause' : dialog === 'resume' ? 'Resume' : 'Skip it'}
        pending={pending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          run(
            dialog === 'skip' && next
              ? { kind: 'skip', dueAt: next.due_at }
              : { kind: dialog === 'resume' ? 'resume' : 'pause' },
          )
        }
      >
        <Text size="sm">
          {dialog === 'pause'
            ? 'No occurrence is sent while it is paused. The occurrences that fall due meanwhile are skipped when it is resumed, never sent late.'
            : dialog === 'resume'
              ? 'The occurrences due while it was paused are recorded skipped; the next ones are sent at their time.'
              : next
                ? `Occurrence ${next.number}, due ${wallTime(next.due_at, operatorZone())}, is not sent; the series goes on after it.`
                : ''}
        </Text>
        {problem}
      </Confirm>
      <ReasonDialog
        opened={dialog === 'reject'}
        title="Reject this version"
        kept="Kept with the schedule; its author reads it there. Nothing is sent by this version."
        keepLabel="Keep it waiting"
        confirmLabel="Reject"
        pending={pending}
        onConfirm={(reason) => run({ kind: 'reject', reason })}
        onCancel={() => setDialog(null)}
      >
        {problem}
      </ReasonDialog>
      <ReasonDialog
        opened={dialog === 'cancel'}
        title="Cancel the schedule"
        kept="Kept with the schedule, with your name and the time."
        keepLabel="Keep the schedule"
        confirmLabel="Cancel the schedule"
        pending={pending}
        onConfirm={(reason) => run({ kind: 'cancel', reason })}
        onCancel={() => setDialog(null)}
      >
        <Text size="sm">
          No occurrence is sent after this. Occurrences already sent stay as they are.
        </Text>
        {problem}
      </ReasonDialog>
    </Stack>
  );
}

function Confirm({
  opened,
  title,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Keep it as it is
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
