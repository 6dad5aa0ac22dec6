import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { operations, type WriteOperationId } from '@console/schemas';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '@/lib/session';
import { ProblemAlert } from '../form/problem-alert';
import { useRecordWrite, type WriteOutcome } from './use-record-write';

export interface RecordActionProps {
  operation: WriteOperationId;
  /** The write's input: its path parameters (`profile_id`, `id`). */
  input: Record<string, unknown>;
  /** The button that opens the confirmation ("Cancel order", "Delete rule"). */
  label: string;
  /** The button's accessible name when the label alone does not say which record (a list row). */
  ariaLabel?: string;
  /** The dialog's title, a question ("Cancel this order?"). */
  title: string;
  /** What the record is, so the operator confirms the right one: facts that name it. */
  summary: ReactNode;
  /** What sending does and does not do (a cancel is a request; a deleted rule stays listed). */
  note: ReactNode;
  confirmLabel: string;
  /** The button that keeps the record as it is. */
  keepLabel: string;
  /** What a sent write says, shown where the button was, focused. */
  sentText: ReactNode;
  /** A small button for a table row. */
  compact?: boolean;
  onOutcome?: (outcome: WriteOutcome) => void;
}

/**
 * An action on a record the service holds (cancel an order, delete a rule or a fiat account): a
 * button for the roles that may send it, a confirmation that names the record and says what the
 * action does, then the outcome in place: sent, waiting for approval (with its request), or the
 * service's refusal, which keeps the dialog open with the reason.
 */
export function RecordAction(props: RecordActionProps) {
  const { operation, input, label, title, summary, note, compact, onOutcome } = props;
  const allowed = useCan(operation);
  const [opened, setOpened] = useState(false);
  const write = useRecordWrite(operation, (done) => {
    notifications.show(
      done.kind === 'awaiting'
        ? {
            color: 'yellow',
            title: `${operations[operation].title}: awaiting approval`,
            message: 'Nothing was sent yet: another operator must approve it.',
          }
        : {
            color: 'teal',
            title: `${operations[operation].title}: sent`,
            message: 'The service accepted the request.',
          },
    );
    onOutcome?.(done);
  });
  const outcome = write.data;
  const shown = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!outcome) return;
    setOpened(false);
    // After the dialog gives focus back: the operator's attention goes to what happened.
    const frame = requestAnimationFrame(() => shown.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [outcome]);

  if (!allowed) return null;
  if (outcome) {
    return (
      <div ref={shown} tabIndex={-1} role="status">
        {outcome.kind === 'awaiting' ? (
          <Alert color="yellow" variant="light" p={compact ? 4 : 'sm'}>
            <Text size={compact ? 'xs' : 'sm'}>
              Waiting for approval: nothing was sent yet.{' '}
              <Anchor
                component={Link}
                to={`/approvals/${outcome.result.journal.id}`}
                size={compact ? 'xs' : 'sm'}
                underline="always"
              >
                Open the approval request
              </Anchor>
            </Text>
          </Alert>
        ) : (
          <Text size={compact ? 'xs' : 'sm'}>{props.sentText}</Text>
        )}
      </div>
    );
  }
  const close = () => {
    if (write.isPending) return;
    setOpened(false);
    write.reset();
  };
  return (
    <>
      <Button
        color="red"
        variant={compact ? 'subtle' : 'light'}
        size={compact ? 'compact-xs' : 'xs'}
        onClick={() => setOpened(true)}
        aria-label={props.ariaLabel}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={<Text fw={700}>{title}</Text>} size="lg">
        <Stack gap="sm">
          {summary}
          <Alert color="blue" variant="light" p="xs" role="note">
            <Text size="sm">{note}</Text>
          </Alert>
          {write.error && <ProblemAlert problem={write.error} operation={operation} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={write.isPending}>
              {props.keepLabel}
            </Button>
            {/* Not focused on open: an Enter held a moment too long must not act. */}
            <Button
              color="red"
              onClick={() => write.send(input)}
              loading={write.isPending}
              disabled={write.isPending}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
