import { Alert } from '@mantine/core';
import { marketAssets } from '@console/schemas';
import { formatAmount } from '@/lib/format-amount';
import { priceDistance } from '@/lib/order-estimate';
import { useMarketNow, useOrderDraft } from './market-quote';

/**
 * Under a limit price, before review: a price 15 % or more from the market's midpoint is one the
 * service rejects when the order would trade at once (svc-api.md appendix, "Limit prices near the
 * market"). Compared exactly, in decimals.
 */
export function PriceBandWarning() {
  const { market, order } = useOrderDraft();
  const { midpoint } = useMarketNow(market);
  const distance = priceDistance(order.price, midpoint);
  if (!market || !distance?.far || !midpoint) return null;
  const { quote } = marketAssets(market);
  return (
    <Alert color="orange" variant="light" p="xs" role="status" title="Far from the market">
      {formatAmount(order.price!, quote)} {quote} is {distance.percent} % from the midpoint of{' '}
      {formatAmount(midpoint, quote)} {quote}. The service rejects a limit order priced 15 % or more
      from the midpoint when it would trade at once.
    </Alert>
  );
}
