import { Stack, Text } from '@mantine/core';
import {
  feeOutcome,
  isKnownValue,
  MARKETS,
  ORDER_TYPES,
  type Order,
  type ScheduledFee,
} from '@console/schemas';
import { Amount } from '@/components/result/amount';
import { multiply } from '@/lib/decimal';
import type { Execution } from '@/lib/read-schemas';
import { useFeeSchedule } from '@/lib/use-fee-schedule';

const percent = (rate: string) => `${multiply(rate, '100') ?? rate} %`;
const LIQUIDITY = { MAKER: 'maker', TAKER: 'taker' } as const;

/** How the charge compares with one scheduled fee, in words. */
function against(s: ScheduledFee, asset: string) {
  const sign = s.difference.startsWith('-') ? 'less' : 'more';
  if (/^-?0(\.0*)?$/.test(s.difference)) return <>: exactly what was charged.</>;
  return (
    <>
      : the service charged <Amount value={s.difference.replace(/^-/, '')} asset={asset} /> {sign}.
    </>
  );
}

/**
 * The fills' fee beside what the organisation's fee schedule says it should have been (issue 67):
 * the estimate the form showed, made again on what actually filled, so a charge at another rate
 * than the one agreed is seen on the order itself.
 */
export function OrderFeeOutcome({
  order,
  executions,
}: {
  order: Order;
  executions: readonly Execution[];
}) {
  const schedule = useFeeSchedule();
  if (!isKnownValue(MARKETS, order.market) || !isKnownValue(ORDER_TYPES, order.type)) return null;
  const outcome = feeOutcome(
    { market: order.market, type: order.type },
    executions,
    schedule.data?.schedule,
  );
  if (!outcome) return null;
  return (
    <Stack gap={2} component="section" aria-label="Fee charged and the schedule’s">
      <Text size="sm">
        <strong>Charged</strong> <Amount value={outcome.charged} asset={outcome.asset} />, that is{' '}
        {percent(outcome.effective_rate)} of <Amount value={outcome.gross} asset={outcome.asset} />{' '}
        filled.
      </Text>
      {schedule.isPending ? (
        <Text size="sm" c="dimmed">
          Reading the organisation’s fee schedule…
        </Text>
      ) : outcome.scheduled.length === 0 ? (
        <Text size="sm" c="dimmed">
          The organisation’s fee schedule names no rate for {order.market}: there is nothing to
          compare the charge with.
        </Text>
      ) : (
        outcome.scheduled.map((s) => (
          <Text size="sm" key={s.liquidity}>
            At the schedule’s {LIQUIDITY[s.liquidity]} rate, {percent(s.rate)}:{' '}
            <Amount value={s.fee} asset={outcome.asset} />
            {against(s, outcome.asset)}
          </Text>
        ))
      )}
    </Stack>
  );
}
