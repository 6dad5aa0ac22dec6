import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

/** Asks for the reason of a rejection: required, because the maker must learn why. */
export function RejectDialog({
  opened,
  pending,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const confirm = () => {
    setTouched(true);
    if (!missing) onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onCancel} title="Reject the request" centered>
      <Stack gap="sm">
        <Textarea
          label="Reason"
          description="The maker sees it in the journal."
          required
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing ? 'Give a reason' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Keep it waiting
          </Button>
          <Button color="red" onClick={confirm} loading={pending} disabled={pending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
