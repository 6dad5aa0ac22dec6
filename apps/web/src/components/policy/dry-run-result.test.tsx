import { screen, within } from '@testing-library/react';
import type { DryRunChange, MarketEstimate, PolicyDryRun } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DryRunResult } from './dry-run-result';

/*
 * A dry run says how it judged market orders of unknown size (issue 66): at an estimate, the
 * price read when each was decided or today's with when it was read, plus each policy's margin;
 * and each listed change's amount as the estimate it is.
 */

const READ_AT = '2026-11-27T15:42:00.000Z';

const result = (overrides: Partial<PolicyDryRun> = {}): PolicyDryRun => ({
  from: '2026-10-28T09:00:00.000Z',
  to: '2026-11-27T09:00:00.000Z',
  entries: 12,
  versions: [1],
  then: { send: 9, hold: 3, escalate: 0, refuse: 0 },
  draft: { send: 8, hold: 4, escalate: 0, refuse: 0 },
  approvals: { then: [], draft: [] },
  changed: { total: 0, items: [] },
  unknown_initiators: 0,
  book_read_at: '2026-11-27T09:00:00.000Z',
  market_orders: { priced_when_decided: 0, priced_now: 0, unpriced: 0, prices: [] },
  ...overrides,
});

const estimate = (margin: string, amount: string): MarketEstimate => ({
  asset: 'USD',
  base_amount: '0.1',
  base_asset: 'BTC',
  price: '64659.58',
  notional: '6465.96',
  margin_percent: margin,
  amount,
});

const change = (overrides: Partial<DryRunChange>): DryRunChange => ({
  journal_id: 'j-1',
  operation: 'createOrder',
  created_at: '2026-11-26T09:00:00.000Z',
  operator: 'finance',
  asset: 'USD',
  amount: null,
  then: { outcome: 'send', rule: 'orders', rule_words: 'Orders go out at once', version: 1 },
  draft: {
    outcome: 'hold',
    approvers: 1,
    roles: ['admin'],
    rule: 'large-orders',
    rule_words: 'Orders of USD above 6,500 need 1 approver from admin',
  },
  ...overrides,
});

/** The section's text with each time as `<time>`: the time shown is the browser's zone's. */
function textOf(element: HTMLElement) {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('time').forEach((time) => time.replaceWith('<time>'));
  return copy.textContent ?? '';
}

describe('DryRunResult, market orders of unknown size', () => {
  it('says how many were judged at an estimate, at which prices read when, and how many could not be priced', () => {
    renderWithProviders(
      <DryRunResult
        result={result({
          market_orders: {
            priced_when_decided: 2,
            priced_now: 1,
            unpriced: 1,
            prices: [{ market: 'BTCUSD', price: '64659.58', asset: 'USD', read_at: READ_AT }],
          },
        })}
      />,
    );
    const words = screen.getByText(/market orders of unknown size were judged/);
    expect(textOf(words)).toBe(
      '3 market orders of unknown size were judged at an estimate: 2 at the price read when they were decided, 1 at today’s price (BTCUSD 64,659.58 USD, read <time>) plus the margin each policy states; 1 could not be priced: thresholds hold it.',
    );
    expect(within(words).getByText(/./, { selector: 'time' })).toHaveAttribute('datetime', READ_AT);
  });

  it.each([
    {
      name: 'one priced when decided',
      orders: { priced_when_decided: 1, priced_now: 0, unpriced: 0, prices: [] },
      said: '1 market order of unknown size was judged at an estimate: 1 at the price read when it was decided plus the margin each policy states.',
    },
    {
      name: 'none priced',
      orders: { priced_when_decided: 0, priced_now: 0, unpriced: 2, prices: [] },
      said: '2 market orders of unknown size could not be priced: thresholds hold them.',
    },
  ])('says so for $name', ({ orders, said }) => {
    renderWithProviders(<DryRunResult result={result({ market_orders: orders })} />);
    expect(screen.getByText(/market orders? of unknown size/)).toHaveTextContent(said);
  });

  it('says nothing of market orders when there were none', () => {
    renderWithProviders(<DryRunResult result={result()} />);
    expect(screen.queryByText(/market orders? of unknown size/)).toBeNull();
  });

  it('shows a listed change’s amount as the estimate it is, with each policy’s margin', () => {
    const items = [
      change({
        journal_id: 'j-now',
        price_read: 'now',
        then: { ...change({}).then, estimate: estimate('2', '6595.28') },
        draft: { ...change({}).draft, estimate: estimate('1', '6530.62') },
      }),
      change({
        journal_id: 'j-held',
        price_read: 'when_decided',
        then: { ...change({}).then, estimate: estimate('2', '6595.28') },
        draft: { ...change({}).draft, estimate: estimate('2', '6595.28') },
      }),
      change({ journal_id: 'j-unpriced' }),
      change({ journal_id: 'j-transfer', operation: 'createInternalTransfer', amount: '700' }),
    ];
    renderWithProviders(<DryRunResult result={result({ changed: { total: 4, items } })} />);
    const list = screen.getByRole('list', { name: 'Sends whose outcome the draft changes' });
    const [now, held, unpriced, transfer] = within(list).getAllByRole('listitem');
    expect(within(now!).getByRole('link')).toHaveTextContent(/ of 0\.1 BTC$/);
    expect(now).toHaveTextContent(
      'Amount compared: 6,530.62 USD under the draft, 6,595.28 USD then, an estimate: 0.1 BTC at 64,659.58 USD (today’s price) plus the draft’s 1 % margin (2 % then).',
    );
    expect(held).toHaveTextContent(
      'Amount compared: 6,595.28 USD, an estimate: 0.1 BTC at 64,659.58 USD (the price read when it was decided) plus the policy’s 2 % margin.',
    );
    expect(unpriced).toHaveTextContent(
      'Amount compared: amount unknown before the fill: thresholds hold it.',
    );
    expect(within(transfer!).getByRole('link')).toHaveTextContent(/ of 700\.00 USD$/);
    expect(transfer).not.toHaveTextContent('Amount compared');
  });
});
