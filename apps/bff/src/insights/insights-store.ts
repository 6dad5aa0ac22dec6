/**
 * The Insights page's reads (issue 62): rollups the journal's own writes keep up to date
 * (migration 037, ADR 036), read by their primary key's day range. No read here scans the
 * journal, so a read costs the same with a thousand entries as with a million.
 */
import {
  INSIGHTS_TIME_ZONE,
  type InsightsPeriod,
  type MoneyMoved,
  type MoneyMovedDay,
} from '@console/schemas';
import Big from 'big.js';
import type { Queryable } from '../db/db';

interface MoneyRow {
  day: string;
  operation: string;
  asset: string;
  amount: string;
  sends: number | string;
  usd: string;
  unpriced: number | string;
}

/** A numeric column's text as the contract's decimal: no trailing zeros, never a number. */
const decimal = (text: string) => new Big(text).toFixed();

export function createInsightsStore(db: Queryable) {
  return {
    /** Money moved per UTC day, operation and asset over `period`, and its totals. */
    async moneyMoved(period: InsightsPeriod): Promise<MoneyMoved> {
      const rows = await db.query<MoneyRow>(
        `select to_char(day, 'YYYY-MM-DD') as day, operation, asset, amount::text as amount,
           sends, usd::text as usd, unpriced
         from insight_money_days
         where day between $1::date and $2::date and sends > 0
         order by day, operation, asset`,
        [period.from, period.to],
      );
      const days: MoneyMovedDay[] = rows.map((row) => ({
        day: row.day,
        operation: row.operation,
        asset: row.asset,
        amount: decimal(row.amount),
        sends: Number(row.sends),
        usd: decimal(row.usd),
        unpriced: Number(row.unpriced),
      }));
      return {
        from: period.from,
        to: period.to,
        time_zone: INSIGHTS_TIME_ZONE,
        days,
        usd_total: days.reduce((sum, d) => sum.plus(d.usd), new Big(0)).toFixed(),
        sends: days.reduce((n, d) => n + d.sends, 0),
        unpriced: days.reduce((n, d) => n + d.unpriced, 0),
      };
    },
  };
}

export type InsightsStore = ReturnType<typeof createInsightsStore>;
