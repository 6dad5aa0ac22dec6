/**
 * When a series of sends happens (issue 63): its timing as the form, the BFF and the scheduler
 * read it. Shared so that the form shows before review exactly the occurrences the scheduler will
 * send; the occurrences themselves are `schedule-occurrences.ts`. The time rules (a wall time in a
 * clock change, short months, business days) are ADR 034.
 */
import { z } from 'zod';
import { isTimeZone, parseLocalDate, parseLocalTime } from './primitives/zoned-time';

/** Weekdays as the series names them, Monday first; index + 1 is ISO's number (Sunday 7). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The most occurrences a bounded series may have: a count, or what an end date makes. */
export const MAX_OCCURRENCES = 1000;

const localDate = (label: string) =>
  z.string({ error: `${label} is required` }).refine((text) => parseLocalDate(text) !== undefined, {
    error: `${label} must be a date such as 2026-12-31`,
  });

const localTime = z
  .string({ error: 'Time is required' })
  .refine((text) => parseLocalTime(text) !== undefined, {
    error: 'Time must be a 24-hour time such as 09:30',
  });

const timeZone = z
  .string({ error: 'Time zone is required' })
  .refine(isTimeZone, { error: 'Time zone must be a named zone such as Europe/London' });

/** What every repeating timing has: the wall time, its zone, and when the series starts and ends. */
const repeating = {
  time: localTime,
  time_zone: timeZone,
  start_date: localDate('Start date'),
  /** The last date an occurrence may fall on (inclusive, in the series' zone). */
  end_date: localDate('End date').optional(),
  /** How many occurrences there are in all (those left out on weekends are not counted). */
  count: z
    .number({ error: 'Count must be a number' })
    .int({ error: 'Count must be a whole number' })
    .min(1, { error: 'Count must be at least 1' })
    .max(MAX_OCCURRENCES, { error: `Count can be at most ${MAX_OCCURRENCES}` })
    .optional(),
  /** Occurrences whose date is a Saturday or a Sunday are not made (holidays are not known). */
  business_days_only: z.boolean().default(false),
};

export const ScheduleTimingSchema = z
  .discriminatedUnion('frequency', [
    z.object({
      frequency: z.literal('once'),
      date: localDate('Date'),
      time: localTime,
      time_zone: timeZone,
    }),
    z.object({ frequency: z.literal('daily'), ...repeating }),
    z.object({
      frequency: z.literal('weekly'),
      ...repeating,
      weekdays: z
        .array(z.enum(WEEKDAYS, { error: 'A weekday must be one of mon to sun' }))
        .min(1, { error: 'Choose at least one weekday' })
        .refine((days) => new Set(days).size === days.length, {
          error: 'A weekday can be chosen once',
        }),
    }),
    z.object({
      frequency: z.literal('monthly'),
      ...repeating,
      day_of_month: z
        .number({ error: 'Day of the month must be a number' })
        .int({ error: 'Day of the month must be a whole number' })
        .min(1, { error: 'Day of the month must be 1 to 31' })
        .max(31, { error: 'Day of the month must be 1 to 31' }),
      /**
       * A month shorter than the day: `last_day` sends on its last day (the 31st is the 28th in
       * February), `skip` sends nothing that month.
       */
      short_month: z.enum(['last_day', 'skip'], {
        error: 'Short months must be last_day or skip',
      }),
    }),
  ])
  .superRefine((timing, ctx) => {
    if (timing.frequency === 'once') return;
    if (timing.end_date !== undefined && timing.count !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: 'Give an end date or a count, not both',
      });
    }
    if (timing.end_date !== undefined && timing.end_date < timing.start_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'End date must be on or after the start date',
      });
    }
    if (
      timing.frequency === 'weekly' &&
      timing.business_days_only &&
      timing.weekdays.every((day) => day === 'sat' || day === 'sun')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'On business days only, choose at least one day from Monday to Friday',
      });
    }
  });

export type ScheduleTiming = z.infer<typeof ScheduleTimingSchema>;
/** A timing as a form or a request gives it (the defaults not yet applied). */
export type ScheduleTimingInput = z.input<typeof ScheduleTimingSchema>;

/** What happens to occurrences that fell due while no scheduler ran (ADR 034). */
export const CATCH_UP_RULES = ['send_once', 'skip'] as const;
export const CatchUpRuleSchema = z.enum(CATCH_UP_RULES, {
  error: 'Catch-up must be send_once or skip',
});
export type CatchUpRule = z.infer<typeof CatchUpRuleSchema>;
