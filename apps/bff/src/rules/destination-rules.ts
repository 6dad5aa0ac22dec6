/**
 * Destination rules (issue 37), as the policy file states them: per operation and asset,
 * whether money may go only to an ACTIVE entry of the book (`book`) or anywhere (`any`); and how
 * long a new entry of each kind cools off before it may be used.
 */
import {
  DEFAULT_COOLING_OFF_HOURS,
  DESTINATION_KINDS,
  type DestinationKind,
} from '@console/schemas';
import { z } from 'zod';
import { assetOrAny, decimal, forAsset } from './policy-values';

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
  /**
   * The small amount a form suggests, per asset code (`*` for any other), for the first send to
   * an entry: a test before the whole amount. Over {@link DEFAULT_TEST_AMOUNTS}.
   */
  test_amounts: z.record(assetOrAny, decimal).default({}),
});

// The one figure the change list of a proposal (packages/schemas) compares with too.
export { DEFAULT_COOLING_OFF_HOURS };

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

/**
 * The test amount suggested for a first send, by asset: a few US dollars' worth, enough to see
 * the money arrive and little to lose if the destination is wrong. An asset not listed gets no
 * figure (the form still suggests a small amount).
 */
export const DEFAULT_TEST_AMOUNTS: Readonly<Record<string, string>> = {
  USD: '1.00',
  EUR: '1.00',
  SGD: '1.00',
  USDP: '1',
  BTC: '0.0001',
  ETH: '0.001',
  PAXG: '0.001',
  BCH: '0.01',
  LTC: '0.01',
  LINK: '0.1',
  MATIC: '1',
  AAVE: '0.01',
  UNI: '0.1',
};

/**
 * The file's test amounts over the defaults. A file's `*` covers the assets that neither it nor
 * the defaults name: "5" of anything must not become 5 BTC.
 */
export function testAmountsOf(
  settings: z.output<typeof BookSettingsSchema> | undefined,
): Record<string, string> {
  return { ...DEFAULT_TEST_AMOUNTS, ...settings?.test_amounts };
}

/** The test amount suggested for a first send of `asset`, or null when none is known. */
export function testAmountFor(amounts: Record<string, string>, asset: string): string | null {
  return forAsset(amounts, asset) ?? null;
}
