import {
  ScheduleTimingSchema,
  type BatchOperation,
  type CatchUpRule,
  type ScheduleCreateRequest,
  type ScheduleTiming,
  type Weekday,
} from '@console/schemas';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';

/**
 * The timing as the form edits it: every field of every frequency at once (switching frequency
 * keeps what was typed), the end as a choice, and the catch-up rule beside it. `timingOf` makes
 * the schemas' timing of it; the shared schema alone decides what is valid.
 */
export interface TimingValues {
  frequency: ScheduleTiming['frequency'];
  date: string;
  time: string;
  time_zone: string;
  start_date: string;
  ends: 'never' | 'on' | 'after';
  end_date: string;
  count: number | '';
  weekdays: Weekday[];
  day_of_month: number | '';
  short_month: 'last_day' | 'skip';
  business_days_only: boolean;
  catch_up: CatchUpRule;
}

/** The request's timing from the form's values (what the schema then checks). */
export function timingOf(v: TimingValues): Record<string, unknown> {
  if (v.frequency === 'once') {
    return { frequency: 'once', date: v.date, time: v.time, time_zone: v.time_zone };
  }
  const repeating = {
    frequency: v.frequency,
    time: v.time,
    time_zone: v.time_zone,
    start_date: v.start_date,
    business_days_only: v.business_days_only,
    ...(v.ends === 'on' && { end_date: v.end_date }),
    ...(v.ends === 'after' && { count: v.count === '' ? undefined : v.count }),
  };
  if (v.frequency === 'weekly') return { ...repeating, weekdays: v.weekdays };
  if (v.frequency === 'monthly') {
    return {
      ...repeating,
      day_of_month: v.day_of_month === '' ? undefined : v.day_of_month,
      short_month: v.short_month,
    };
  }
  return repeating;
}

/**
 * What only the form can get wrong: "after a number of occurrences" chosen with no number would
 * otherwise be a timing with no end, which the schema rightly accepts.
 */
function formIssues(v: TimingValues): Record<string, FieldError> {
  return v.frequency !== 'once' && v.ends === 'after' && v.count === ''
    ? { count: { type: 'required', message: 'Say after how many occurrences it ends' } }
    : {};
}

/** The timing when the form's values make a valid one, else undefined. */
export function validTiming(v: TimingValues): ScheduleTiming | undefined {
  if (Object.keys(formIssues(v)).length > 0) return undefined;
  const parsed = ScheduleTimingSchema.safeParse(timingOf(v));
  return parsed.success ? parsed.data : undefined;
}

/** The shared timing schema as the form's resolver: each issue on its field. */
export const timingResolver: Resolver<TimingValues> = (values, _context, options) => {
  const parsed = ScheduleTimingSchema.safeParse(timingOf(values));
  const flat: Record<string, FieldError> = formIssues(values);
  if (parsed.success && Object.keys(flat).length === 0) return { values, errors: {} };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = String(issue.path[0] ?? 'root');
    flat[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

const today = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

export const timingDefaults = (zone: string): TimingValues => ({
  frequency: 'weekly',
  date: today(zone),
  time: '09:00',
  time_zone: zone,
  start_date: today(zone),
  ends: 'never',
  end_date: '',
  count: '',
  weekdays: [],
  day_of_month: '',
  short_month: 'last_day',
  business_days_only: false,
  catch_up: 'send_once',
});

/** The request of a series: the body without a ref_id (each occurrence gets its own). */
export function requestOf(
  operation: BatchOperation,
  body: Record<string, unknown>,
  timing: TimingValues,
): ScheduleCreateRequest {
  const { ref_id: _, ...rest } = body;
  return {
    operation,
    body: rest,
    timing: timingOf(timing) as ScheduleCreateRequest['timing'],
    catch_up: timing.catch_up,
  };
}
