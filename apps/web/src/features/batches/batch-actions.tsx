import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Batch, Role } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReasonDialog } from '@/components/action/reason-dialog';
import { roleList } from '@/components/approval/role-names';
import { ErrorState } from '@/components/states/states';
import {
  approveBatch,
  BATCHES_KEY,
  cancelBatch,
  pauseBatch,
  rejectBatch,
  resumeBatch,
} from '@/lib/api';
import { formatMoney } from '@/lib/format-amount';
import { useWrite } from '@/lib/use-write';
import { repeatsSentence } from './batch-repeats';
import {
  batchOperationTitle,
  lastApprovalBy,
  progressOf,
  shortHash,
  stillAwaited,
} from './batch-words';
import { batchKey } from './use-batch';

type Action =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'cancel'; reason: string };

const act = (batch: Batch, action: Action) => {
  switch (action.kind) {
    case 'approve':
      // Exactly the rows the approver saw, and the repeated rows they were shown: rows changed
      // since, or rows found repeated since, are not approved by this.
      return approveBatch(
        batch.id,
        batch.rows_hash,
        batch.repeats && batch.repeats.total > 0 ? batch.repeats.total : undefined,
      );
    case 'reject':
      return rejectBatch(batch.id, action.reason);
    case 'pause':
      return pauseBatch(batch.id);
    case 'resume':
      return resumeBatch(batch.id);
    case 'cancel':
      return cancelBatch(batch.id, action.reason);
  }
};

/**
 * What an operator may do with a batch now. Approve and Reject are for a money role other than
 * the uploader (four-eyes: the uploader is told so, and offered neither); Pause, Resume and "Stop
 * sending the rows not yet sent" act on rows not yet sent, never on those that have left.
 */
export function BatchActions({
  batch,
  me,
  role,
  acts,
}: {
  batch: Batch;
  /** The signed-in operator's username. */
  me: string | undefined;
  /** The signed-in operator's role: whether theirs is the last approval the batch needs. */
  role: Role | undefined;
  /** A money role: may act on batches at all. */
  acts: boolean;
}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'cancel' | 'withdraw' | null>(null);
  const decide = useWrite({
    mutationFn: (action: Action) => act(batch, action),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKey(batch.id), answer);
      setDialog(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: BATCHES_KEY }),
  });
  const run = (action: Action) => void decide.run(action).catch(() => undefined);
  const pending = decide.isPending;
  if (!acts) return null;

  const uploader = me !== undefined && me === batch.created_by;
  const approved = batch.approvals.some((a) => a.by === me);
  const awaiting = batch.state === 'awaiting_approval';
  const sending = batch.state === 'sending' || batch.state === 'paused';
  const still = stillAwaited(batch);
  const notYetSent = batch.counts.waiting;
  const repeated = repeatsSentence(batch.repeats, batch.row_count);

  return (
    <Stack gap="xs">
      {awaiting && uploader && (
        <Alert color="gray" variant="light" title="Another operator approves this batch">
          You uploaded it: four-eyes means someone else with the role of{' '}
          {roleList(batch.approver_roles as Role[])} checks and approves it. Nothing is sent before;
          until then you may withdraw it.
        </Alert>
      )}
      {awaiting && !uploader && approved && (
        <Alert color="teal" variant="light" role="status">
          Your approval is recorded; the batch waits for {still} from other operators.
        </Alert>
      )}
      <Group gap="xs">
        {awaiting && !uploader && !approved && (
          <>
            <Button color="teal" onClick={() => setDialog('approve')} disabled={pending}>
              Approve
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => setDialog('reject')}
              disabled={pending}
            >
              Reject
            </Button>
          </>
        )}
        {batch.state === 'sending' && (
          <Button variant="default" onClick={() => run({ kind: 'pause' })} loading={pending}>
            Pause
          </Button>
        )}
        {batch.state === 'paused' && (
          <Button onClick={() => run({ kind: 'resume' })} loading={pending}>
            Resume
          </Button>
        )}
        {awaiting && uploader && (
          <Button variant="default" onClick={() => setDialog('withdraw')} disabled={pending}>
            Withdraw the batch
          </Button>
        )}
        {sending && notYetSent > 0 && (
          <Button
            color="red"
            variant="light"
            onClick={() => setDialog('cancel')}
            disabled={pending}
          >
            Stop sending the rows not yet sent
          </Button>
        )}
      </Group>
      {decide.isError && dialog === null && <ErrorState error={decide.error} />}
      <Modal
        opened={dialog === 'approve'}
        onClose={() => setDialog(null)}
        title="Approve the batch?"
        centered
        size="lg"
      >
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {batchOperationTitle(batch.operation)}: {progressOf(batch.counts).total} rows of{' '}
            {batch.file_name}
            {batch.totals.length > 0
              ? `, ${batch.totals.map((t) => formatMoney(t.amount, t.asset)).join(', ')}`
              : ''}
          </Text>
          <Text size="sm">
            You approve exactly these rows: rows hash{' '}
            <Text span ff="monospace" size="sm" title={batch.rows_hash}>
              {shortHash(batch.rows_hash)}
            </Text>
            . Rows changed since are not approved by this.
          </Text>
          {repeated && (
            <Alert color="orange" variant="light" p="xs" role="note" title="Repeated rows">
              {repeated} They are listed on this page with links to the earlier batches.
            </Alert>
          )}
          <Alert color="blue" variant="light" p="xs" role="note">
            {lastApprovalBy(batch, role)
              ? 'Yours is the last approval it needs: the console starts sending its rows, at the pace the service allows.'
              : `It waits for ${still}: nothing is sent before every one is given. Yours counts for those that name your role.`}
          </Alert>
          {decide.isError && <ErrorState error={decide.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={pending}>
              Keep it waiting
            </Button>
            <Button
              color="teal"
              onClick={() => run({ kind: 'approve' })}
              loading={pending}
              disabled={pending}
            >
              Approve
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ReasonDialog
        opened={dialog === 'reject'}
        title="Reject the batch"
        kept="Kept with the batch; the uploader reads it there. Nothing is sent."
        keepLabel="Keep it waiting"
        confirmLabel="Reject"
        pending={pending}
        onConfirm={(reason) => run({ kind: 'reject', reason })}
        onCancel={() => setDialog(null)}
      >
        {decide.isError && <ErrorState error={decide.error} />}
      </ReasonDialog>
      {/* The same cancel: before approval nothing has left, so it withdraws the whole batch. */}
      <ReasonDialog
        opened={dialog === 'cancel' || dialog === 'withdraw'}
        title={dialog === 'withdraw' ? 'Withdraw the batch' : 'Stop sending the rows not yet sent'}
        kept="Kept with the batch, with your name and the time."
        keepLabel={dialog === 'withdraw' ? 'Keep it waiting' : 'Keep sending'}
        confirmLabel={dialog === 'withdraw' ? 'Withdraw' : 'Stop sending'}
        pending={pending}
        onConfirm={(reason) => run({ kind: 'cancel', reason })}
        onCancel={() => setDialog(null)}
      >
        <Text size="sm">
          {dialog === 'withdraw'
            ? 'Nothing of it has been sent, and none of its rows will be.'
            : `The ${notYetSent} row${notYetSent === 1 ? '' : 's'} not yet sent will not be sent. Rows already sent stay as they are: this does not undo them.`}
        </Text>
        {decide.isError && <ErrorState error={decide.error} />}
      </ReasonDialog>
    </Stack>
  );
}
