/**
 * Destination rules (issue 37), as the policy file states them: per operation and asset,
 * whether money may go only to an ACTIVE entry of the book (`book`) or anywhere (`any`); and how
 * long a new entry of each kind cools off before it may be used.
 */
import { DESTINATION_KINDS, type DestinationKind } from '@console/schemas';
import { z } from 'zod';
import { assetOrAny, forAsset } from './policy-values';

/** An operation rule's `destinations`: per asset code, `*` for any other (required). */
export const DestinationsSettingSchema = z.record(assetOrAny, z.enum(['book', 'any']));
export type DestinationsSetting = z.output<typeof DestinationsSettingSchema>;

/** The file's `destination_book`. */
export const BookSettingsSchema = z.strictObject({
  /** Hours a new entry of each kind waits after its approval before money may go there. */
  cooling_off_hours: z
    .partialRecord(
      z.enum(DESTINATION_KINDS),
      z
        .number()
        .min(0)
        .max(24 * 30),
    )
    .default({}),
});

/** A new entry's cooling-off when the file says nothing of its kind. */
export const DEFAULT_COOLING_OFF_HOURS = 24;

/** How long an entry of each kind cools off, in milliseconds. */
export type CoolingOff = Record<DestinationKind, number>;

export function coolingOffOf(settings: z.output<typeof BookSettingsSchema> | undefined) {
  return Object.fromEntries(
    DESTINATION_KINDS.map((kind) => [
      kind,
      (settings?.cooling_off_hours[kind] ?? DEFAULT_COOLING_OFF_HOURS) * 3_600_000,
    ]),
  ) as CoolingOff;
}

/** Whether a send of `asset` must go to an ACTIVE entry of the book. Unset: anywhere. */
export function bookRequired(setting: DestinationsSetting | undefined, asset: string): boolean {
  return forAsset(setting, asset) === 'book';
}
