import { exceeds } from './decimal';

/**
 * The average price of an order's fills, or undefined while nothing has filled: an unfilled
 * order has no average price, whatever the service writes in the member (it answers `0`, which
 * would read as "0.00 USD").
 */
export function averagePrice(order: {
  amount_filled?: unknown;
  volume_weighted_average_price?: unknown;
}): string | undefined {
  const average = order.volume_weighted_average_price;
  return exceeds(order.amount_filled, '0') && typeof average === 'string' ? average : undefined;
}
