import { requestKindWords } from '@/lib/request-kind-words';
import { Alert, Button, Group } from '@mantine/core';
import type { ApprovalDetail, ConsoleProblem, SendResult } from '@console/schemas';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReasonDialog } from '@/components/action/reason-dialog';
import { approveRequest, cancelRequest, isAwaitingApproval, rejectRequest } from '@/lib/api';
import { isApiError, networkProblem } from '@/lib/api-error';
import { signDecision } from '@/lib/passkey';
import { useWrite } from '@/lib/use-write';
import { ApproveDialog } from './approve-dialog';

export type ActionOutcome = { result?: SendResult; problem?: ConsoleProblem; waiting?: boolean };

type Decision =
  | { kind: 'approve'; comment: string | undefined }
  | { kind: 'reject'; reason: string }
  | { kind: 'cancel' };

/**
 * Approve (confirmed, with an optional comment), Reject (with a reason) and, for the maker,
 * Cancel. One action at a time, never retried on its own (`useWrite`), and disabled buttons, as
 * on the operation form, so a double click never approves twice.
 */
export function ApprovalActions({
  detail,
  title,
  onOutcome,
}: {
  detail: ApprovalDetail;
  /** The request's operation in words, as the confirmation names it. */
  title: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const { approval, journal } = detail;
  const decide = useWrite({
    mutationFn: async (decision: Decision): Promise<ActionOutcome> => {
      // The policy asks this request's decisions signed with the approver's passkey (issue 61).
      const signed = (kind: 'approve' | 'reject') =>
        approval.passkey_required ? signDecision(journal.id, kind) : Promise.resolve(undefined);
      if (decision.kind === 'reject') {
        await rejectRequest(journal.id, decision.reason, await signed('reject'));
        return {};
      }
      if (decision.kind === 'cancel') {
        await cancelRequest(journal.id);
        return {};
      }
      const answer = await approveRequest(journal.id, decision.comment, await signed('approve'));
      if (isAwaitingApproval(answer)) {
        notifications.show({ color: 'teal', title: 'Approved', message: 'More approvals needed.' });
        return { waiting: true };
      }
      // In its kind's words: a policy version or a book entry is never sent anywhere.
      const words = requestKindWords(journal.operation);
      notifications.show({
        color: 'teal',
        title: words.done,
        message: `${words.doneMessage.charAt(0).toUpperCase()}${words.doneMessage.slice(1)}.`,
      });
      return { result: answer };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      void queryClient.invalidateQueries({ queryKey: ['svc'] });
    },
  });
  const pending = decide.isPending;

  const run = async (decision: Decision) => {
    let outcome: ActionOutcome;
    try {
      const answer = await decide.run(decision);
      if (!answer) return;
      outcome = answer.data;
    } catch (error) {
      outcome = { problem: isApiError(error) ? error.problem : networkProblem(String(error)) };
    }
    onOutcome(outcome);
    setRejecting(false);
    setApproving(false);
  };
  const approve = (comment: string | undefined) => run({ kind: 'approve', comment });
  const reject = (reason: string) => run({ kind: 'reject', reason });
  const cancel = () => run({ kind: 'cancel' });

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
          <Button color="teal" onClick={() => setApproving(true)} disabled={pending}>
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
      <ApproveDialog
        detail={detail}
        title={title}
        opened={approving}
        pending={pending}
        onConfirm={(comment) => void approve(comment)}
        onCancel={() => setApproving(false)}
      />
      <ReasonDialog
        opened={rejecting}
        title="Reject the request"
        kept="The maker sees it in the journal."
        keepLabel="Keep it waiting"
        confirmLabel="Reject"
        pending={pending}
        onConfirm={(reason) => void reject(reason)}
        onCancel={() => setRejecting(false)}
      />
    </Group>
  );
}
