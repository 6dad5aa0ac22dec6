import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface ReasonDialogProps {
  opened: boolean;
  /** The dialog's title: the action, such as "Reject the request". */
  title: string;
  /** What the action does to what, shown above the reason. */
  children?: ReactNode;
  /** Where the reason is kept, under its label. */
  kept: string;
  /** The button that leaves things as they are, and the one that acts. */
  keepLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks for the reason of an action that someone else must be able to read later (a rejection, a
 * revocation): required, trimmed, at most 500 characters. The reason starts empty each time the
 * dialog opens, so one record's reason never carries over to the next.
 */
export function ReasonDialog({ opened, title, onCancel, ...rest }: ReasonDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      {opened && <ReasonForm onCancel={onCancel} {...rest} />}
    </Modal>
  );
}

function ReasonForm({
  children,
  kept,
  keepLabel,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const confirm = () => {
    setTouched(true);
    if (!missing) onConfirm(reason.trim());
  };
  return (
    <Stack gap="sm">
      {children}
      <Textarea
        label="Reason"
        description={kept}
        required
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={touched && missing ? 'Give a reason' : undefined}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {keepLabel}
        </Button>
        <Button color="red" onClick={confirm} loading={pending} disabled={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
