import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  isRecord,
  operations,
  type BatchOperation,
  type ScheduleCreateRequest,
  type SchedulePreview,
} from '@console/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RequestParties } from '@/components/approval/request-parties-view';
import type { ReviewSummary } from '@/components/form';
import { SentValues } from '@/components/form/sent-values';
import { ErrorState } from '@/components/states/states';
import { requestParties } from '@/lib/request-parties';
import { requestShape } from '@/lib/schema-walk';
import { nextInWords, operatorZone } from './schedule-words';
import { validTiming, type TimingValues } from './timing-form';
import { VersionSums } from './version-facts';

/**
 * The review of a new series: what the policy asks of it (asked of the BFF, nothing stored), the
 * sums of its occurrences, its timing in words, who sends to whom and the body each occurrence
 * sends; then the operator schedules it or goes back to the form.
 */
export function ScheduleReview({
  operation,
  reviewing,
  preview,
  timing,
  now,
  summary,
  sending,
  onBack,
  onConfirm,
}: {
  operation: BatchOperation;
  reviewing: ScheduleCreateRequest | null;
  preview: UseQueryResult<SchedulePreview>;
  timing: TimingValues;
  now: number;
  summary: ReviewSummary | undefined;
  sending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const op = operations[operation];
  const shape = useMemo(() => requestShape(op), [op]);
  const valid = validTiming(timing);
  const words = valid ? nextInWords(valid, now, operatorZone()).words : null;
  return (
    <Modal
      opened={reviewing !== null}
      onClose={onBack}
      title={<Text fw={700}>Review: schedule {op.title.toLowerCase()}</Text>}
      size="xl"
      closeOnClickOutside={!sending}
      closeOnEscape={!sending}
      closeButtonProps={{ 'aria-label': 'Close the review' }}
    >
      {reviewing && (
        <Stack gap="md">
          {preview.isPending && (
            <Text size="sm" c="dimmed" role="status">
              Asking the policy what this schedule needs…
            </Text>
          )}
          {preview.isError && <ErrorState error={preview.error} />}
          {preview.data?.refusal && (
            <Alert color="red" variant="light" title="Refused" role="alert">
              {preview.data.refusal.detail} Scheduling is not offered: the console would refuse it.
            </Alert>
          )}
          {preview.data && !preview.data.refusal && (
            <VersionSums version={preview.data} label="What the approval is given to" />
          )}
          {words && <Text size="sm">{words}</Text>}
          {isRecord(reviewing.body) && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                From → to
              </Text>
              <RequestParties parties={requestParties(operation, reviewing.body)} />
            </Group>
          )}
          {summary?.note && <Text size="sm">{summary.note}</Text>}
          <Text size="sm">
            Approved once, each occurrence is still decided at its time by the rules in force then,
            and sent with a reference id of its own.
          </Text>
          <SentValues shape={shape} input={reviewing.body} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onBack} disabled={sending}>
              Back to the form
            </Button>
            <Button
              onClick={onConfirm}
              loading={sending}
              disabled={!preview.data || preview.data.refusal !== null}
            >
              Schedule it
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
