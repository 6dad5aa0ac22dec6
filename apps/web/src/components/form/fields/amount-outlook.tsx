import { Anchor, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toRequestInput } from '@/lib/form-values';
import { useOperation } from '../operation-context';
import { useSendOutlook } from '../send-outlook';

/** How long typing rests before the form asks again: one preview per pause, not per key. */
const SETTLE_MS = 400;

/**
 * The field of a send's amount, beside which the form says that nobody could approve it: a
 * write that moves money under the approval policy. Undefined for any other.
 */
export function outlookAmountField(op: ReturnType<typeof useOperation>['op']) {
  return op.approval.because === 'moves-money' ? op.approval.amount?.amount : undefined;
}

/**
 * Beside a send's amount, as it is typed: that the approval policy could not be satisfied by the
 * operators there are now (a finance transfer above what any finance operator but its maker may
 * approve), with a link to the policy. The verdict is the BFF's preview, the one the review asks
 * (`useSendOutlook`), asked once the request is whole and typing has paused; an incomplete form
 * or a preview that fails says nothing here, since the review and the send decide anyway.
 */
export function AmountOutlook() {
  const { op, baseline } = useOperation();
  const values = useWatch() as Record<string, unknown>;
  const candidate = useMemo(() => {
    const input = (toRequestInput(values) ?? {}) as Record<string, unknown>;
    return op.request.safeParse(input).success ? input : null;
  }, [op, values]);
  const [settled] = useDebouncedValue(candidate, SETTLE_MS);
  const outlook = useSendOutlook(op, baseline ? null : settled);
  const stalled = candidate && outlook.data?.approval?.prospect.stalled;
  if (!stalled) return null;
  return (
    <Text size="sm" c="red" role="status" data-testid="amount-outlook">
      Nobody could approve this send: {stalled}{' '}
      <Anchor component={Link} to="/policy" size="sm">
        See the approval policy
      </Anchor>
    </Text>
  );
}
