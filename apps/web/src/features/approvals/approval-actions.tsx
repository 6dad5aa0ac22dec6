import { Alert, Button, Group } from '@mantine/core';
import type { ApprovalDetail, ConsoleProblem, SendResult } from '@console/schemas';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { approveRequest, cancelRequest, isAwaitingApproval, rejectRequest } from '@/lib/api';
import { isApiError, networkProblem } from '@/lib/api-error';
import { RejectDialog } from './reject-dialog';

export type ActionOutcome = { result?: SendResult; problem?: ConsoleProblem; waiting?: boolean };

/**
 * Approve, Reject (with a reason) and, for the maker, Cancel. One action at a time: a ref guard
 * and disabled buttons, as on the operation form, so a double click never approves twice.
 */
export function ApprovalActions({
  detail,
  onOutcome,
}: {
  detail: ApprovalDetail;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const { approval, journal } = detail;

  const run = async (action: () => Promise<ActionOutcome>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      onOutcome(await action());
    } catch (error) {
      onOutcome({ problem: isApiError(error) ? error.problem : networkProblem(String(error)) });
    } finally {
      inFlight.current = false;
      setPending(false);
      setRejecting(false);
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      void queryClient.invalidateQueries({ queryKey: ['svc'] });
    }
  };
  const approve = () =>
    run(async () => {
      const answer = await approveRequest(journal.id);
      if (isAwaitingApproval(answer)) {
        notifications.show({ color: 'teal', title: 'Approved', message: 'More approvals needed.' });
        return { waiting: true };
      }
      notifications.show({ color: 'teal', title: 'Approved and sent', message: 'Sent.' });
      return { result: answer };
    });
  const reject = (reason: string) =>
    run(async () => {
      await rejectRequest(journal.id, reason);
      return {};
    });
  const cancel = () =>
    run(async () => {
      await cancelRequest(journal.id);
      return {};
    });

  if (!approval.can_decide && !approval.can_cancel) {
    return approval.cannot_decide_reason && journal.state === 'AWAITING_APPROVAL' ? (
      <Alert color="gray" variant="light">
        {approval.cannot_decide_reason}
      </Alert>
    ) : null;
  }
  return (
    <Group gap="xs">
      {approval.can_decide && (
        <>
          <Button color="teal" onClick={() => void approve()} loading={pending} disabled={pending}>
            Approve
          </Button>
          <Button color="red" variant="light" onClick={() => setRejecting(true)} disabled={pending}>
            Reject
          </Button>
        </>
      )}
      {approval.can_cancel && (
        <Button
          variant="default"
          onClick={() => void cancel()}
          loading={pending}
          disabled={pending}
        >
          Cancel request
        </Button>
      )}
      <RejectDialog
        opened={rejecting}
        pending={pending}
        onConfirm={(reason) => void reject(reason)}
        onCancel={() => setRejecting(false)}
      />
    </Group>
  );
}
