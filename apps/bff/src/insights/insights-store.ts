/**
 * The Insights page's reads (issue 62): the days the roller folded (migration 037, ADR 036), read
 * by their primary key's day range, with the rows the journal's triggers appended since and the
 * roller has not folded yet, summed in one statement (one snapshot: a row is in one or the other,
 * never both, never neither), so a read right after a send sees it. No read here scans the
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
        `select to_char(day, 'YYYY-MM-DD') as day, operation, asset, sum(amount)::text as amount,
           sum(sends) as sends, sum(usd)::text as usd, sum(unpriced) as unpriced
         from (
           select day, operation, asset, amount, sends, usd, unpriced
           from insight_money_days where day between $1::date and $2::date
           union all
           select day, operation, asset, amount, sends, coalesce(usd, 0),
             case when usd is null then sends else 0 end
           from insight_money_entries where not rolled and day between $1::date and $2::date
         ) t
         group by day, operation, asset having sum(sends) > 0
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
