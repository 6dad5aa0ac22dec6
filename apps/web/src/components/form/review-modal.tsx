import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { WriteOperation } from '@console/schemas';
import type { z } from 'zod';
import { flattenInput, type ReviewLine, type ReviewSummary } from './review';

export interface ReviewModalProps {
  op: WriteOperation;
  shape: Record<string, z.ZodType>;
  input: Record<string, unknown> | null;
  summary: ReviewSummary | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function Lines({ title, lines }: { title: string; lines: ReviewLine[] }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {lines.map((line) => (
        <Group key={line.label} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
            {line.label}
          </Text>
          {/* Wrap long ids at their hyphens, never mid-word in prose ("a / mount plus fee"). */}
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {line.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The last look before money moves: what leaves where, what arrives where, the fee, the reference
 * id, then every value exactly as it will be sent. Confirming is the only way to send.
 */
export function ReviewModal({
  op,
  shape,
  input,
  summary,
  pending,
  onConfirm,
  onCancel,
}: ReviewModalProps) {
  const refId = typeof input?.ref_id === 'string' ? input.ref_id : undefined;
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
      {input && summary && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Lines title="Leaves" lines={summary.leaves} />
            <Lines title="Arrives" lines={summary.arrives} />
          </SimpleGrid>
          <Lines
            title="Fee and reference"
            lines={[
              { label: 'Fee', value: summary.fee },
              { label: 'Reference id', value: refId ?? 'minted by the console when sent' },
            ]}
          />
          {summary.note && (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">{summary.note}</Text>
            </Alert>
          )}
          <Table
            striped
            withTableBorder
            fz="xs"
            verticalSpacing={2}
            aria-label="Everything that will be sent"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Value sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flattenInput(shape, input).map((line) => (
                <Table.Tr key={line.label}>
                  <Table.Td>{line.label}</Table.Td>
                  <Table.Td
                    style={{
                      fontFamily: 'var(--mantine-font-family-monospace)',
                      wordBreak: 'break-all',
                    }}
                  >
                    {line.value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Back to the form
            </Button>
            {/* Not focused on open: an Enter held a moment too long must not send money. */}
            <Button onClick={onConfirm} loading={pending} disabled={pending}>
              Confirm and send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
