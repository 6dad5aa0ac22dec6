import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { WriteOperation } from '@console/schemas';
import type { z } from 'zod';
import { RecordName } from '../result/record-name';
import type { ReviewLine, ReviewSummary } from './review';
import { ReviewDialog } from './review-dialog';

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
          {line.record ? (
            <Stack gap={0}>
              <RecordName record={line.record} label={`${line.label} id`} />
              {line.value && (
                <Text size="xs" c="dimmed">
                  {line.value}
                </Text>
              )}
            </Stack>
          ) : (
            // Wrap long ids at their hyphens, never mid-word in prose ("a / mount plus fee").
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {line.value}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The last look before money moves: what leaves where, what arrives where, the fee and the
 * reference id, above every value exactly as it will be sent.
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
    <ReviewDialog
      op={op}
      shape={shape}
      input={input}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {summary && (
        <>
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
        </>
      )}
    </ReviewDialog>
  );
}
