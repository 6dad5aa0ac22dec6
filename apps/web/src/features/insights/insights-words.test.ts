import type { MoneyMoved, MoneyMovedDay } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { csvText } from '@/lib/csv';
import { daysOf, lastDays, MONEY_CSV_COLUMNS, moneyDays, moneySummary } from './insights-words';

const row = (day: string, operation: string, usd: string, unpriced = 0): MoneyMovedDay => ({
  day,
  operation,
  asset: 'USD',
  amount: usd,
  sends: 1,
  usd,
  unpriced,
});

const moved = (from: string, to: string, days: MoneyMovedDay[], usd_total: string): MoneyMoved => ({
  from,
  to,
  time_zone: 'UTC',
  days,
  usd_total,
  sends: days.reduce((n, d) => n + d.sends, 0),
  unpriced: days.reduce((n, d) => n + d.unpriced, 0),
});

describe('the insights page’s words', () => {
  it.each([
    [7, '2026-12-07T23:59:00Z', { from: '2026-12-01', to: '2026-12-07' }],
    [1, '2026-12-07T00:00:00Z', { from: '2026-12-07', to: '2026-12-07' }],
    [30, '2026-03-01T10:00:00Z', { from: '2026-01-31', to: '2026-03-01' }],
  ])('the last %i days at %s are UTC days', (days, now, period) => {
    expect(lastDays(days, Date.parse(now))).toEqual(period);
    expect(daysOf(period)).toHaveLength(days);
  });

  it('sums each day exactly, every day of the period on the axis', () => {
    const m = moved(
      '2026-12-01',
      '2026-12-03',
      [
        row('2026-12-01', 'createSvcTransfer', '0.1'),
        row('2026-12-01', 'createSvcTransfer', '0.2'),
        row('2026-12-03', 'createInternalTransfer', '5'),
      ],
      '5.3',
    );
    expect(moneyDays(m).map((d) => [d.day, d.total, d.byOperation])).toEqual([
      ['2026-12-01', '0.3', { createSvcTransfer: '0.3' }],
      ['2026-12-02', '0', {}],
      ['2026-12-03', '5', { createInternalTransfer: '5' }],
    ]);
  });

  it.each([
    [moved('2026-12-01', '2026-12-07', [], '0'), 'Nothing moved in 7 days.'],
    [
      moved(
        '2026-12-01',
        '2026-12-07',
        [
          row('2026-12-02', 'createSvcTransfer', '250'),
          row('2026-12-03', 'createSvcTransfer', '1000'),
        ],
        '1250',
      ),
      '1,250.00 USD moved in 7 days by 2 sends, most on 3 Dec.',
    ],
    [
      moved('2026-12-01', '2026-12-07', [row('2026-12-02', 'createSvcTransfer', '0', 1)], '0'),
      '0.00 USD moved in 7 days by 1 send. 1 of them had no USD price and are left out of the total.',
    ],
  ])('sums a chart up in a sentence (%#)', (m, sentence) => {
    expect(moneySummary(m, 7)).toBe(sentence);
  });

  it('writes the CSV from the rows as counted, amounts exact', () => {
    const m = moved(
      '2026-12-01',
      '2026-12-01',
      [row('2026-12-01', 'createSvcTransfer', '0.30')],
      '0.3',
    );
    expect(csvText(MONEY_CSV_COLUMNS, m.days)).toBe(
      'day_utc,operation,asset,amount,sends,usd,unpriced_sends\r\n' +
        '2026-12-01,createSvcTransfer,USD,0.30,1,0.30,0\r\n',
    );
  });
});
