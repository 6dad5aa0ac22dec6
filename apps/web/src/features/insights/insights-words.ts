import {
  operations,
  type InsightsPeriod,
  type MoneyMoved,
  type MoneyMovedDay,
  type OperationId,
} from '@console/schemas';
import Big from 'big.js';
import type { CsvColumn } from '@/lib/csv';
import { formatMoney } from '@/lib/format-amount';

/*
 * What the Insights page says of its figures (issue 62), apart from how it draws them: the
 * periods it offers, the rows of a chart, the sentence that sums a chart up and the CSV of its
 * table. Sums with big.js: the figures are decimal strings from end to end.
 */

/** The periods a chart offers: the last N UTC days, today included. */
export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

const DAY_MS = 86_400_000;
const utcDayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days ending with today's, as the BFF's period takes them. */
export function lastDays(days: number, now: number = Date.now()): InsightsPeriod {
  return { from: utcDayText(now - (days - 1) * DAY_MS), to: utcDayText(now) };
}

/** Every UTC day of `period`, in order: a day without sends is a day of the axis too. */
export function daysOf(period: InsightsPeriod): string[] {
  const out: string[] = [];
  for (let at = Date.parse(`${period.from}T00:00:00Z`); ; at += DAY_MS) {
    const day = utcDayText(at);
    if (day > period.to) return out;
    out.push(day);
  }
}

/** `3 Dec`: a UTC day as an axis and a sentence name it (the day itself, not a local one). */
export function dayLabel(day: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale ?? 'en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** An operation as the page names it: its title in the registry. */
export const operationLabel = (id: string): string =>
  Object.hasOwn(operations, id) ? operations[id as OperationId].title : id;

/** One day of the chart: the exact USD moved per operation (decimal strings), and in all. */
export interface MoneyDayRow {
  day: string;
  label: string;
  total: string;
  byOperation: Record<string, string>;
}

/** The chart's days, every day of the period, USD summed per operation with big.js. */
export function moneyDays(moved: MoneyMoved): MoneyDayRow[] {
  return daysOf(moved).map((day) => {
    const byOperation: Record<string, string> = {};
    let total = new Big(0);
    for (const row of moved.days.filter((d) => d.day === day)) {
      byOperation[row.operation] = new Big(byOperation[row.operation] ?? 0).plus(row.usd).toFixed();
      total = total.plus(row.usd);
    }
    return { day, label: dayLabel(day), total: total.toFixed(), byOperation };
  });
}

/** The operations that moved anything in the period, in the registry's order of titles. */
export function movingOperations(moved: MoneyMoved): string[] {
  return [...new Set(moved.days.map((d) => d.operation))].sort((a, b) =>
    operationLabel(a).localeCompare(operationLabel(b)),
  );
}

/**
 * The chart in one sentence: `1,250.00 USD moved in 7 days, most on 3 Dec.`, with the sends that
 * had no price said apart; a period without any send says so.
 */
export function moneySummary(moved: MoneyMoved, days: number): string {
  if (moved.sends === 0) return `Nothing moved in ${days} days.`;
  const rows = moneyDays(moved);
  const most = rows.reduce((a, b) => (new Big(b.total).gt(a.total) ? b : a));
  const sends = `${moved.sends} ${moved.sends === 1 ? 'send' : 'sends'}`;
  const unpriced =
    moved.unpriced > 0
      ? ` ${moved.unpriced} of them had no USD price and are left out of the total.`
      : '';
  const peak = new Big(most.total).gt(0) ? `, most on ${most.label}` : '';
  return `${formatMoney(moved.usd_total, 'USD')} moved in ${days} days by ${sends}${peak}.${unpriced}`;
}

/** The table twin's and the CSV's columns: each row as the BFF counted it, amounts exact. */
export const MONEY_CSV_COLUMNS: readonly CsvColumn<MoneyMovedDay>[] = [
  { name: 'day_utc', value: (r) => r.day },
  { name: 'operation', value: (r) => r.operation },
  { name: 'asset', value: (r) => r.asset },
  { name: 'amount', value: (r) => r.amount },
  { name: 'sends', value: (r) => r.sends },
  { name: 'usd', value: (r) => r.usd },
  { name: 'unpriced_sends', value: (r) => r.unpriced },
];
