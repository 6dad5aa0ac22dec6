import type { ReviewLine, Reviewer } from '@/components/form';
import { formatMoney } from '@/lib/format-amount';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function party(input: Record<string, unknown>, side: 'from' | 'to'): ReviewLine[] {
  const profile = str(input[`${side}_profile_id`]);
  const lines: ReviewLine[] = [
    { label: 'Profile', value: '', record: { kind: 'profile', id: profile } },
  ];
  const identity = str(input[`${side}_identity_id`]);
  const account = str(input[`${side}_account_id`]);
  if (identity) lines.push({ label: 'Identity', value: identity });
  if (account) lines.push({ label: 'Account', value: account });
  return lines;
}

/** A transfer moves the same amount of one asset from one profile to another. */
export const reviewTransfer: Reviewer = (input) => {
  const amount = { label: 'Amount', value: formatMoney(str(input.amount), str(input.asset)) };
  return {
    leaves: [amount, ...party(input, 'from')],
    arrives: [amount, ...party(input, 'to')],
    fee: 'Set by the service and shown in its answer (the sender pays amount plus fee)',
  };
};
