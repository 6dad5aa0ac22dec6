import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { WriteOperation } from '@console/schemas';
import { useId, type ReactNode } from 'react';
import type { z } from 'zod';
import { blockedReason, SendOutlook, useSendOutlook } from './send-outlook';
import { SentValues } from './sent-values';

export interface ReviewDialogProps {
  op: WriteOperation;
  shape: Record<string, z.ZodType>;
  /** What will be sent; the dialog is open while there is something. */
  input: Record<string, unknown> | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the send does, in the operator's terms, above every value it sends. */
  children: ReactNode;
}

/**
 * The last look before a send: whether it waits for approval and what it needs (the BFF's
 * preview), what it does, then every value exactly as it will be sent, picked ids by their
 * names. Confirming is the only way to send, and is not offered for a send the BFF would
 * refuse or nobody could approve; while it is on its way the dialog cannot be dismissed.
 */
export function ReviewDialog({
  op,
  shape,
  input,
  pending,
  onConfirm,
  onCancel,
  children,
}: ReviewDialogProps) {
  const outlook = useSendOutlook(op, input);
  const blocked = blockedReason(outlook.data);
  const why = useId();
  return (
    <Modal
      opened={input !== null}
      onClose={onCancel}
      title={<Text fw={700}>Review: {op.title}</Text>}
      size="xl"
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      closeButtonProps={{ 'aria-label': 'Close the review' }}
    >
      {input && (
        <Stack gap="md">
          <SendOutlook outlook={outlook} id={why} />
          {children}
          <SentValues shape={shape} input={input} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Back to the form
            </Button>
            {/* Not focused on open: an Enter held a moment too long must not send. */}
            <Button
              onClick={onConfirm}
              loading={pending}
              disabled={pending || blocked !== null}
              aria-describedby={blocked ? why : undefined}
            >
              Confirm and send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
