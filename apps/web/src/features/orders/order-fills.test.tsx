import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Execution } from '@/lib/read-schemas';
import { renderWithProviders } from '@/test/render';
import { OrderFills } from './order-fills';

/** 0.2 BTC at 64,659.58: the service's gross is the exact product, a tenth of a cent past USD's. */
const FILL: Execution = {
  execution_id: 'e1',
  side: 'SELL',
  amount: '0.2',
  price: '64659.58',
  gross_trade_amount: '12931.916',
  commission: '32.33',
  commission_asset: 'USD',
};

describe('an order’s fills', () => {
  it('shows a gross past the cent whole, the digit past it set apart, and the exact value on hover', () => {
    renderWithProviders(<OrderFills executions={[FILL]} base="BTC" quote="USD" />);
    const row = within(screen.getByRole('table', { name: 'Fills' })).getAllByRole('row')[1]!;
    const gross = within(row).getAllByRole('cell')[3]!;
    // Never rounded: every digit is there, and copying it gives the service's string.
    expect(gross).toHaveTextContent('12,931.916USD');
    expect(gross.querySelector('[data-exact]')).toHaveAttribute('title', 'Exact: 12931.916 USD');
    const past = gross.querySelectorAll('[data-past-precision]');
    expect([...past].map((e) => e.textContent)).toEqual(['6']);
    // Amounts within their precision have nothing set apart.
    const fee = within(row).getAllByRole('cell')[4]!;
    expect(fee).toHaveTextContent('32.33USD');
    expect(fee.querySelector('[data-past-precision]')).toBeNull();
  });
});
