import { describe, expect, it } from 'vitest';
import { averagePrice } from './average-price';

describe('an order’s average price', () => {
  it('is none while nothing has filled, whatever the service wrote', () => {
    expect(
      averagePrice({ amount_filled: '0', volume_weighted_average_price: '0' }),
    ).toBeUndefined();
    expect(
      averagePrice({ amount_filled: '0.00000000', volume_weighted_average_price: '0.00' }),
    ).toBeUndefined();
    expect(averagePrice({ volume_weighted_average_price: '0' })).toBeUndefined();
  });

  it('is the service’s exact text once something filled', () => {
    expect(
      averagePrice({ amount_filled: '0.00000001', volume_weighted_average_price: '58999.50' }),
    ).toBe('58999.50');
  });
});
