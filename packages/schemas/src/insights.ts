import { z } from 'zod';
import { DECIMAL_PATTERN } from './primitives/decimal';

/*
 * The Insights page's figures (issue 62): aggregates the BFF keeps up to date as the journal is
 * written, read per period of whole days in UTC. Amounts are decimal strings, never numbers.
 */

/** The longest period one read covers: a quarter and a day. */
export const INSIGHTS_MAX_DAYS = 92;

/** The days are UTC days: every answer says so, and the page labels its axes with it. */
export const INSIGHTS_TIME_ZONE = 'UTC';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (text: string) => Date.parse(`${text}T00:00:00Z`);

/** A UTC day, `YYYY-MM-DD`, that exists on the calendar. */
export const InsightsDaySchema = z
  .string()
  .regex(DAY, 'Must be a day, YYYY-MM-DD')
  .refine((text) => {
    // Zod runs a refinement after a failed pattern too: a text that is no date at all must not
    // reach toISOString, which throws on an invalid time.
    const at = dayOf(text);
    return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === text;
  }, 'Must be a day of the calendar');

/** The days between `from` and `to`, both included. */
export const insightsSpanDays = (from: string, to: string): number =>
  Math.round((dayOf(to) - dayOf(from)) / 86_400_000) + 1;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: whole UTC days, both included, at most `INSIGHTS_MAX_DAYS`. */
export const InsightsPeriodQuerySchema = z
  .strictObject({ from: InsightsDaySchema, to: InsightsDaySchema })
  .superRefine((period, ctx) => {
    if (!DAY.test(period.from) || !DAY.test(period.to)) return;
    const days = insightsSpanDays(period.from, period.to);
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before the start' });
    } else if (days > INSIGHTS_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Must be at most ${INSIGHTS_MAX_DAYS} days after the start`,
      });
    }
  });
export type InsightsPeriod = z.infer<typeof InsightsPeriodQuerySchema>;

const decimal = z.string().regex(DECIMAL_PATTERN);

/** What one operation moved of one asset on one UTC day. */
export const MoneyMovedDaySchema = z.strictObject({
  day: z.string().regex(DAY),
  operation: z.string(),
  asset: z.string(),
  /** The sum of the amounts, in the asset's own units. */
  amount: decimal,
  sends: z.number().int().nonnegative(),
  /** The USD equivalent of the sends that had a price when they were counted. */
  usd: decimal,
  /** Sends counted without a price: left out of `usd`. */
  unpriced: z.number().int().nonnegative(),
});
export type MoneyMovedDay = z.infer<typeof MoneyMovedDaySchema>;

/**
 * `GET /api/insights/money-moved`: what left profiles, per UTC day, operation and asset, counted
 * once the service accepted it. Days without any send are absent.
 */
export const MoneyMovedSchema = z.strictObject({
  from: z.string().regex(DAY),
  to: z.string().regex(DAY),
  time_zone: z.literal(INSIGHTS_TIME_ZONE),
  days: z.array(MoneyMovedDaySchema),
  /** The USD equivalent over the period, of the sends that had a price. */
  usd_total: decimal,
  sends: z.number().int().nonnegative(),
  unpriced: z.number().int().nonnegative(),
});
export type MoneyMoved = z.infer<typeof MoneyMovedSchema>;
