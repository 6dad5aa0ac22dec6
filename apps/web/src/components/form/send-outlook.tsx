import { Alert, Text } from '@mantine/core';
import type { SendPreview, WriteOperation, WriteOperationId } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { previewOperation } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { roleList } from '../approval/role-names';
import { waitWords } from '../approval/prospect-words';

/**
 * What sending this input will do, as the BFF decides it for the send itself (`POST
 * /api/operations/{id}/preview`, nothing journaled): asked once when the review opens, so what
 * the operator read is what they confirm.
 */
export function useSendOutlook(op: WriteOperation, input: Record<string, unknown> | null) {
  return useQuery({
    queryKey: ['preview', op.id, input],
    queryFn: () => previewOperation(op.id as WriteOperationId, input!),
    enabled: input !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Why Send is not offered: nobody could approve the send as things stand. */
export function stalledReason(preview: SendPreview | undefined): string | null {
  return preview?.approval?.prospect.stalled ?? null;
}

/**
 * The review's first words: the send goes out at once, or waits for approval and what it needs
 * ("Waits for 2 approvers from finance or admin, up to 24 hours"), or cannot be approved by
 * anyone there is now (Send is then not offered, and this says why). The console refuses
 * nothing itself: these are the BFF's answers.
 */
export function SendOutlook({
  outlook,
  id,
}: {
  outlook: ReturnType<typeof useSendOutlook>;
  /** The element id the Send button points at (`aria-describedby`) when it is not offered. */
  id: string;
}) {
  if (outlook.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Checking whether it waits for approval…
      </Text>
    );
  }
  if (outlook.isError) {
    const detail = isApiError(outlook.error) ? outlook.error.problem.detail : '';
    return (
      <Alert color="gray" variant="light" p="xs" title="Approval not known yet">
        <Text size="sm">
          The console could not tell whether this waits for approval{detail ? ` (${detail})` : ''}.
          Sending decides it, and says so.
        </Text>
      </Alert>
    );
  }
  const approval = outlook.data.approval;
  if (!approval) {
    return (
      <Alert color="blue" variant="light" p="xs" title="Sent at once">
        <Text size="sm">No approval needed: it goes to the service when you confirm.</Text>
      </Alert>
    );
  }
  if (approval.prospect.stalled) {
    return (
      <Alert
        id={id}
        color="red"
        variant="light"
        p="xs"
        title="Nobody could approve it"
        role="alert"
      >
        <Text size="sm">
          {approval.prospect.stalled} Sending is not offered: it would wait until it expired.
        </Text>
      </Alert>
    );
  }
  const { candidates } = approval.prospect;
  return (
    <Alert color="yellow" variant="light" p="xs" title="Waits for approval">
      <Text size="sm">
        {waitWords(approval)}. Nothing goes to the service until then;{' '}
        {candidates === 1 ? '1 operator' : `${candidates} operators`} (
        {roleList(approval.eligible_roles)}) may approve it.
      </Text>
    </Alert>
  );
}
