import { Alert, List, Stack, Text } from '@mantine/core';
import {
  describeDestination,
  type SendPreview,
  type WriteOperation,
  type WriteOperationId,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { previewOperation } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format-amount';
import { DecidingRuleWords } from '../approval/deciding-rule-words';
import { roleList } from '../approval/role-names';
import { waitWords } from '../approval/prospect-words';
import { LocalTime } from '../result/local-time';
import { overWords } from './limits-left';

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

/**
 * Why Send is not offered: the BFF would refuse the send (a destination outside the book, a
 * limit that refuses), or nobody could approve it as things stand.
 */
export function blockedReason(preview: SendPreview | undefined): string | null {
  return preview?.refusal?.detail ?? preview?.approval?.prospect.stalled ?? null;
}

/**
 * The review's first words: the send goes out at once, or waits for approval and what it needs
 * ("Waits for 2 approvers from finance or admin, up to 24 hours"), escalates past a limit (one
 * more approver, and why), is refused (a destination not active in the book, a limit that
 * refuses) or cannot be approved by anyone there is now (Send is then not offered, and this says
 * why); then the destination's entry and the limits the send meets. The browser decides nothing
 * itself: these are the BFF's answers.
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
  return (
    <Stack gap="xs">
      <Verdict preview={outlook.data} id={id} />
      {outlook.data.deciding_rule && <DecidingRuleWords rule={outlook.data.deciding_rule} />}
      <DestinationWords preview={outlook.data} />
      <LimitWords preview={outlook.data} />
      {outlook.data.policy_version !== null && (
        <Text size="xs" c="dimmed">
          As approval policy version {outlook.data.policy_version} decides it.
        </Text>
      )}
    </Stack>
  );
}

/** At once, waits (escalated or not), or refused: the preview's answer in one alert. */
function Verdict({ preview, id }: { preview: SendPreview; id: string }) {
  const { refusal, destination } = preview;
  if (refusal) {
    return (
      <Alert id={id} color="red" variant="light" p="xs" title="Refused" role="alert">
        <Text size="sm">
          {refusal.detail} Sending is not offered: the console would refuse it and send nothing.
        </Text>
        {refusal.code === 'destination-not-allowed' && destination?.usable_from && (
          <Text size="sm">
            Usable from <LocalTime value={destination.usable_from} />.
          </Text>
        )}
      </Alert>
    );
  }
  const approval = preview.approval;
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
    <Alert
      color={approval.escalation ? 'orange' : 'yellow'}
      variant="light"
      p="xs"
      title={approval.escalation ? 'Escalates: waits for one more approver' : 'Waits for approval'}
    >
      {approval.escalation && <Text size="sm">{approval.escalation.reason}</Text>}
      <Text size="sm">
        {waitWords(approval)}. Nothing goes to the service until then;{' '}
        {candidates === 1 ? '1 operator' : `${candidates} operators`} (
        {roleList(approval.eligible_roles)}) may approve it.
      </Text>
    </Alert>
  );
}

/** Where the money goes, where the policy asks for the book: the entry and its state. */
function DestinationWords({ preview }: { preview: SendPreview }) {
  const destination = preview.destination;
  if (!destination?.required || !destination.allowed) return null;
  return (
    <Text size="sm">
      To {destination.name ? `“${destination.name}”, ` : ''}
      {describeDestination(destination.target)}: an active entry of the book of allowed
      destinations.
    </Text>
  );
}

/** The operator's limits this send meets: what is left, and whether this send passes it. */
function LimitWords({ preview }: { preview: SendPreview }) {
  if (preview.limits.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label="Your limits this send meets">
      {preview.limits.map((limit) => (
        <List.Item key={`${limit.side} ${limit.asset} ${limit.window}`}>
          {limit.text}
          {limit.over
            ? `: this send of ${formatMoney(limit.amount, limit.asset)} passes it (${overWords(limit)}).`
            : `: this send of ${formatMoney(limit.amount, limit.asset)} fits.`}
        </List.Item>
      ))}
    </List>
  );
}
