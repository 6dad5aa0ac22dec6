import { Alert, Button, Group, Text } from '@mantine/core';
import { destinationOf } from '@console/schemas';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatAmount } from '@/lib/format-amount';
import {
  useBookRequired,
  useDestinationBook,
  useDestinationRule,
} from '@/lib/use-destination-book';
import { useNow } from '@/lib/use-now';
import { useOperation } from '../operation-context';
import { standingIn } from './book-options';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The field of a send's amount beside which a first send's test amount is suggested: a write
 * that moves money to a destination the book can allow. Undefined for any other.
 */
export function firstSendAmountField(op: ReturnType<typeof useOperation>['op']) {
  const { approval } = op;
  return approval.because === 'moves-money' && approval.destination && approval.amount
    ? approval.amount
    : undefined;
}

/**
 * Beside a send's amount: where the policy asks for the book and the destination is an active
 * entry nothing has reached yet (the BFF's `sent_before`), a suggestion to send a small test
 * amount first, of the policy's size for the amount's asset. It never changes the amount by
 * itself: the operator takes it with a button, or dismisses it (for this entry).
 */
export function FirstSendHint() {
  const { op } = useOperation();
  const field = firstSendAmountField(op);
  const { setValue, setFocus } = useFormContext();
  const values = useWatch() as Record<string, unknown>;
  const found = field ? destinationOf(op.id, values) : undefined;
  const amountAsset = field ? text(values[field.asset]) : undefined;
  const required = useBookRequired(field ? op.id : undefined, found?.asset);
  const book = useDestinationBook(required);
  const now = useNow(5_000);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const { state, entry } = found
    ? standingIn(book.data?.items ?? [], found.target, now)
    : { state: undefined, entry: undefined };
  const first = required && state === 'ACTIVE' && entry?.sent_before === false;
  // The test amount is in the asset of the amount (an orchestration's source), not the arrival's.
  const test = useDestinationRule(first && amountAsset ? op.id : undefined, amountAsset);
  if (!field || !first || !entry) return null;
  if (dismissed.includes(entry.id)) return null;
  const amount = test.data?.test_amount ?? null;
  const shown =
    amount && amountAsset ? `${formatAmount(amount, amountAsset)} ${amountAsset}` : null;
  const titleId = `first-send-${entry.id}`;
  return (
    <Alert
      role="status"
      aria-labelledby={titleId}
      color="blue"
      variant="light"
      p="xs"
      title={<span id={titleId}>First send to “{entry.name}”</span>}
    >
      <Text size="sm">
        Nothing has reached this destination from the console yet. Consider sending{' '}
        {shown ? `a test amount of ${shown}` : 'a small test amount'} first, and the rest once it
        has arrived.
      </Text>
      <Group gap="xs" mt={4}>
        {amount && shown && (
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              setValue(field.amount, amount, { shouldDirty: true, shouldValidate: true });
              setFocus(field.amount);
            }}
          >
            Use {shown}
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          aria-label="Dismiss the test amount suggestion"
          onClick={() => {
            setDismissed((d) => [...d, entry.id]);
            // The suggestion is gone with the button: focus goes back to the amount it was about.
            setFocus(field.amount);
          }}
        >
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
