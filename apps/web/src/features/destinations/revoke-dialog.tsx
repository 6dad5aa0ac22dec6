import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AllowedDestination } from '@console/schemas';
import { useState } from 'react';
import { targetWords } from '@/lib/destination-words';

/**
 * Asks an admin why an entry is revoked: required, kept in the journal and the security events.
 * A revocation takes effect at once, and stops a send to it that is still waiting.
 */
export function RevokeDialog({
  entry,
  pending,
  onConfirm,
  onCancel,
}: {
  /** The entry to revoke; the dialog is open while there is one. */
  entry: AllowedDestination | null;
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
    <Modal opened={entry !== null} onClose={onCancel} title="Revoke the entry" centered>
      {entry && (
        <Stack gap="sm">
          <Text size="sm">
            “{entry.name}”, {targetWords(entry)}: no money may go there from now on, and a send to
            it that still waits for approval will not leave.
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the journal and the security events."
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
              Keep it
            </Button>
            <Button color="red" onClick={confirm} loading={pending} disabled={pending}>
              Revoke
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
