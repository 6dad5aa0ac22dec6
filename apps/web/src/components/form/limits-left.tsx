import { List, Stack, Text } from '@mantine/core';
import type { LimitStanding, WriteOperation } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { listLimits } from '@/lib/api';

/** The query key of the signed-in operator's limits (sends and approvals change them). */
export const LIMITS_KEY = ['limits'] as const;

/** What passing a limit does to a send, in words. */
export const overWords = (limit: Pick<LimitStanding, 'when_over'>) =>
  limit.when_over === 'escalate'
    ? 'past it, a send waits for one more approver'
    : 'past it, a send is refused';

/**
 * The limits a form's send meets: the operator's limits on what they initiate, of the asset the
 * form names (all of them while no asset is given).
 */
export function limitsOfAsset(
  items: readonly LimitStanding[],
  asset: string | undefined,
): LimitStanding[] {
  const code = asset?.trim().toUpperCase();
  return items.filter((item) => item.side === 'initiate' && (!code || item.asset === code));
}

/**
 * What the operator has left in each window before they fill in an amount ("38,500.00 of 50,000.00
 * USD left in the last 24 hours"), as the BFF sums it from the journal (`GET /api/limits`). Shown only
 * in a form whose operation counts against limits; the review says what this send would do.
 */
export function LimitsLeft({ op }: { op: WriteOperation }) {
  const field = op.approval.because === 'moves-money' ? op.approval.amount?.asset : undefined;
  return field ? <LimitsOf field={field} /> : null;
}

function LimitsOf({ field }: { field: string }) {
  const asset = useWatch({ name: field }) as unknown;
  const heading = useId();
  const limits = useQuery({ queryKey: LIMITS_KEY, queryFn: listLimits });
  // Without an answer the form says nothing: the send itself checks the limits.
  if (!limits.data) return null;
  const shown = limitsOfAsset(limits.data.items, typeof asset === 'string' ? asset : undefined);
  if (shown.length === 0) return null;
  return (
    <Stack gap={2} component="section" aria-labelledby={heading}>
      <Text id={heading} size="sm" fw={600}>
        Your limits
      </Text>
      <List size="sm" spacing={2}>
        {shown.map((limit) => (
          <List.Item key={`${limit.asset} ${limit.window}`}>
            {limit.text} ({overWords(limit)})
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
