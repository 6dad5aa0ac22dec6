import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ApprovalDetail } from '@console/schemas';
import { useState } from 'react';
import { BookEntryReview } from '@/components/approval/book-entry-review';
import { usePolicyProposal } from '@/components/approval/policy-proposal-changes';
import { RequestParties } from '@/components/approval/request-parties-view';
import { PolicyChangeListView } from '@/components/policy/policy-change-list-view';
import { roleList } from '@/components/approval/role-names';
import { requestParties } from '@/lib/request-parties';
import { amountSummary } from './amount-summary';
import { useLastApproval, type LastApproval } from './last-approval';

const MAX_COMMENT = 500;

/** What the approver's approval leads to, in the words of its kind, or a wait for more approvers. */
function afterThis(detail: ApprovalDetail, outcome: LastApproval): string {
  const still = detail.approval.prospect?.still_needed ?? detail.approval.approvers_needed;
  if (still <= 1) return `Yours is the last approval it needs: ${outcome.now}.`;
  const more = still - 1;
  return `After yours it still needs ${more} more approver${more === 1 ? '' : 's'} (${roleList(detail.approval.eligible_roles)}) before it ${outcome.later}.`;
}

/** What is approved: a policy's changes in words, looser first; else who sends what where. */
function WhatIsApproved({ detail }: { detail: ApprovalDetail }) {
  const { journal, fields } = detail;
  const policy = usePolicyProposal(journal.id);
  if (journal.operation === 'proposePolicyVersion' && policy.changes) {
    return (
      <PolicyChangeListView changes={policy.changes} label="What the version you approve changes" />
    );
  }
  if (journal.operation === 'addAllowedDestination') return <BookEntryReview fields={fields} />;
  return <RequestParties parties={requestParties(journal.operation, fields)} />;
}

/**
 * Asks before approving: what is approved (its amount, from → to), what the approval leads to,
 * and room for a comment that stays in the request's trail. Enter in the comment never approves:
 * the button does.
 */
export function ApproveDialog({
  detail,
  title,
  opened,
  pending,
  onConfirm,
  onCancel,
}: {
  detail: ApprovalDetail;
  title: string;
  opened: boolean;
  pending: boolean;
  onConfirm: (comment: string | undefined) => void;
  onCancel: () => void;
}) {
  const [comment, setComment] = useState('');
  // Once approved, focus goes to what happened (the page says it), not back to a button that
  // may be gone; kept waiting, it goes back to Approve.
  const [confirmed, setConfirmed] = useState(false);
  const amount = amountSummary(detail.fields);
  const outcome = useLastApproval(detail);
  const tooLong = comment.trim().length > MAX_COMMENT;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Approve the request?"
      centered
      size="lg"
      returnFocus={!confirmed}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {title}
            {amount ? ` of ${amount}` : ''}
          </Text>
          <WhatIsApproved detail={detail} />
        </Stack>
        <Alert color="blue" variant="light" p="xs" role="note">
          <Text size="sm">{afterThis(detail, outcome)}</Text>
        </Alert>
        {detail.approval.passkey_required && (
          <Text size="sm">
            The policy asks that you sign this approval with your passkey: your browser asks for it
            when you approve, over the exact request the console will send.
          </Text>
        )}
        <Textarea
          label="Comment (optional)"
          description="Kept in the request’s history, beside your approval."
          autosize
          minRows={2}
          maxLength={MAX_COMMENT}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={tooLong ? `At most ${MAX_COMMENT} characters` : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Keep it waiting
          </Button>
          <Button
            color="teal"
            onClick={() => {
              setConfirmed(true);
              onConfirm(comment.trim() || undefined);
            }}
            loading={pending}
            disabled={pending || tooLong}
          >
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
