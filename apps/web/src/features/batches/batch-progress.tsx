import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Batch } from '@console/schemas';
import { countsSentence, progressOf } from './batch-words';

/**
 * How far a batch's sending is: a progress bar with its value in words ("312 of 488 sent"), the
 * counts per state, and why the sender waits when it does. Before approval there is no bar.
 */
export function BatchProgress({ batch }: { batch: Batch }) {
  const { sent, total, text } = progressOf(batch.counts);
  // Once approved, the bar stays: at the end it shows the sending complete (or where it stopped).
  const shown = ['sending', 'paused', 'done', 'cancelled'].includes(batch.state) && total > 0;
  return (
    <Stack gap={6} component="section" aria-label="Progress">
      {shown && (
        <>
          <Group justify="space-between">
            <Text size="sm" fw={600} id="batch-progress-label">
              {text}
              {batch.state === 'paused' ? ' · paused' : ''}
              {batch.state === 'cancelled' ? ' · stopped' : ''}
            </Text>
          </Group>
          {/* The bar says rows, not a percentage: its value is the count the label reads. */}
          <Progress.Root
            size="lg"
            role="progressbar"
            aria-labelledby="batch-progress-label"
            aria-valuenow={sent}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuetext={text}
          >
            <Progress.Section
              value={total === 0 ? 0 : (sent * 100) / total}
              withAria={false}
              animated={batch.state === 'sending'}
            />
          </Progress.Root>
        </>
      )}
      <Text size="sm" aria-label="Rows per state">
        {countsSentence(batch.counts)}
      </Text>
      {batch.waiting_for && (
        <Text size="sm" fw={600} role="status">
          Waiting: {batch.waiting_for}
        </Text>
      )}
    </Stack>
  );
}
