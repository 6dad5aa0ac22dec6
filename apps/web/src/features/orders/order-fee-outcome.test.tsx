import type { Order } from '@console/schemas';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Execution } from '@/lib/read-schemas';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { OrderFeeOutcome } from './order-fee-outcome';

const SCHEDULE = { BTCUSD: { maker: '0.001', taker: '0.0025' } };
const order = (type: string) => ({ market: 'BTCUSD', type, side: 'SELL' }) as unknown as Order;
/** 0.2 BTC sold at 64,659.58: a gross of 12,931.916 USD, 0.25 % of it rounded up is 32.33. */
const FILL: Execution = {
  side: 'SELL',
  amount: '0.2',
  price: '64659.58',
  gross_trade_amount: '12931.916',
  commission: '32.33',
  commission_asset: 'USD',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const section = () => screen.findByRole('region', { name: 'Fee charged and the schedule’s' });

// An amount's asset is a span of its own: the text runs them together (`32.33USD`).
describe('a filled order’s fee beside the schedule', () => {
  it('shows a market sell charged exactly the taker rate', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { schedule: SCHEDULE }));
    renderWithProviders(<OrderFeeOutcome order={order('MARKET')} executions={[FILL]} />);
    const fee = await section();
    expect(fee).toHaveTextContent('Charged 32.33USD, that is 0.25 % of 12,931.916USD filled.');
    expect(await screen.findByText(/At the schedule’s taker rate, 0.25 %/)).toHaveTextContent(
      'At the schedule’s taker rate, 0.25 %: 32.33USD: exactly what was charged.',
    );
    expect(fee).not.toHaveTextContent('maker');
  });

  it('says by how much a charge differs from the rate the order should have paid', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { schedule: SCHEDULE }));
    renderWithProviders(<OrderFeeOutcome order={order('POST_ONLY_LIMIT')} executions={[FILL]} />);
    expect(await screen.findByText(/At the schedule’s maker rate/)).toHaveTextContent(
      'At the schedule’s maker rate, 0.1 %: 12.94USD: the service charged 19.39USD more.',
    );
  });

  it('says there is nothing to compare without a schedule for the market', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { schedule: null }));
    renderWithProviders(<OrderFeeOutcome order={order('MARKET')} executions={[FILL]} />);
    expect(
      await screen.findByText(/names no rate for BTCUSD: there is nothing to compare/),
    ).toBeVisible();
  });

  it('shows nothing before a fill', () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { schedule: SCHEDULE }));
    const { container } = renderWithProviders(
      <OrderFeeOutcome order={order('MARKET')} executions={[]} />,
    );
    expect(container.querySelector('section')).toBeNull();
  });
});
