import { z } from 'zod';
import { identifier } from './identifier';
import { requiredOr } from './messages';

/*
 * Query parameters of the read operations, as the URL carries them: text, never numbers or
 * booleans parsed on the way, so that what the BFF validated is exactly what it forwards. An
 * array parameter is repeated in the URL (`type=A&type=B`).
 */

/** The appendix's bound on array filters ("max 100"). */
export const MAX_ARRAY_VALUES = 100;

/** RFC 3339 date-time, as the appendix's timestamp filters take it (`2006-01-02T15:04:05Z`). */
export const DATE_TIME_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** `limit`: a whole number from 1 to the operation's maximum. */
export function limitParam(max: number) {
  const message = `Limit must be a whole number from 1 to ${max}`;
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, { error: message })
    .refine((value) => Number(value) >= 1 && Number(value) <= max, { error: message })
    .optional()
    .meta({ label: 'Limit', help: `Records per page, at most ${max}`, group: 'options' });
}

/**
 * `offset` of List Orders: obsolete offset paging, deprecated at the service and of no effect
 * there (appendix). Taken, so that a client still sending it is not refused, and ignored.
 */
export const deprecatedOffsetParam = () =>
  z
    .string({ error: 'Offset must be a whole number' })
    .regex(/^[0-9]{1,10}$/, { error: 'Offset must be a whole number' })
    .optional()
    .meta({
      label: 'Offset',
      help: 'Deprecated: has no effect; page with page_cursor',
      group: 'options',
    });

/** `page_cursor`: the `next_page_cursor` of the previous page, passed back as it came. */
export const pageCursorParam = () =>
  z
    .string({ error: 'Page cursor must be text' })
    .min(1, { error: 'Page cursor cannot be empty' })
    .max(2000, { error: 'Page cursor can have at most 2000 characters' })
    .optional()
    .meta({ label: 'Page cursor', group: 'options' });

/** A closed set of values, such as `order` (ASC, DESC) or an order status. */
export function enumParam<const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
) {
  return z
    .enum(values, { error: `${label} must be one of ${values.join(', ')}` })
    .optional()
    .meta({ label, group: 'what' });
}

/** `order`: ASC or DESC. */
export const orderParam = () => enumParam('Order', ['ASC', 'DESC']).meta({ group: 'options' });

/** A boolean flag as the URL writes it. */
export const booleanParam = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .optional()
    .meta({ label, group: 'options' });

/** One id (a profile, an account). */
export const idParam = (label: string, choices?: string) =>
  identifier(label)
    .optional()
    .meta({ label, group: 'who', ...(choices ? { choices } : {}) });

/** Free text such as an asset code or a nickname prefix. */
export const textParam = (label: string, max = 200) =>
  z
    .string({ error: requiredOr(label, `${label} must be text`) })
    .min(1, { error: `${label} cannot be empty` })
    .max(max, { error: `${label} can have at most ${max} characters` })
    .optional()
    .meta({ label, group: 'what' });

/** A date-time filter. */
export const dateTimeParam = (label: string) =>
  z
    .string({ error: `${label} must be a date-time such as 2026-01-02T15:04:05Z` })
    .regex(DATE_TIME_PATTERN, {
      error: `${label} must be a date-time such as 2026-01-02T15:04:05Z`,
    })
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `${label} is not a real date and time`,
    })
    .optional()
    .meta({ label, group: 'what' });

/** An array filter, repeated in the URL, with at most {@link MAX_ARRAY_VALUES} values. */
export function arrayParam<T extends z.ZodType>(label: string, item: T, max = MAX_ARRAY_VALUES) {
  return z
    .array(item, { error: `${label} must be a list of values` })
    .min(1, { error: `${label} needs at least one value` })
    .max(max, { error: `${label} takes at most ${max} values` })
    .optional()
    .meta({ label, group: 'what' });
}

/** Ids repeated in the URL (`profile_ids=…&profile_ids=…`), at most 100. */
export const idsParam = (label: string, choices?: string) =>
  arrayParam(label, identifier(label)).meta({
    label,
    group: 'who',
    ...(choices ? { choices } : {}),
  });

/** Values of a closed set repeated in the URL. */
export const enumsParam = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
) =>
  arrayParam(
    label,
    z.enum(values, { error: `${label}: each must be one of ${values.join(', ')}` }),
  );

/** The comparisons of a timestamp filter, as the appendix names them. */
export const TIME_COMPARISONS = ['lt', 'lte', 'eq', 'gte', 'gt'] as const;
const COMPARISON_WORDS: Record<(typeof TIME_COMPARISONS)[number], string> = {
  lt: 'before',
  lte: 'at or before',
  eq: 'at',
  gte: 'at or after',
  gt: 'after',
};

/** `<field>.lt`, `.lte`, `.eq`, `.gte`, `.gt`: a time range on a timestamp of the record. */
export function timeRangeParams<const F extends string>(field: F, label: string) {
  const shape = {} as Record<
    `${F}.${(typeof TIME_COMPARISONS)[number]}`,
    ReturnType<typeof dateTimeParam>
  >;
  for (const op of TIME_COMPARISONS) {
    shape[`${field}.${op}`] = dateTimeParam(`${label} ${COMPARISON_WORDS[op]}`);
  }
  return shape;
}
