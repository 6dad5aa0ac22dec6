import { z } from 'zod';

/** Limits of every metadata object, from the spec's Limits table. */
export const METADATA_LIMITS = { maxPairs: 6, maxKeyLength: 100, maxValueLength: 100 } as const;

/**
 * A metadata object (metadata, recipient_metadata, fiat account metadata):
 * at most 6 pairs, each key and each value at most 100 characters.
 */
export function metadataSchema(label = 'Metadata') {
  return z
    .record(
      z
        .string()
        .min(1, { error: 'A metadata key cannot be empty' })
        .max(METADATA_LIMITS.maxKeyLength, {
          error: `A metadata key can have at most ${METADATA_LIMITS.maxKeyLength} characters`,
        }),
      z.string({ error: 'A metadata value must be text' }).max(METADATA_LIMITS.maxValueLength, {
        error: `A metadata value can have at most ${METADATA_LIMITS.maxValueLength} characters`,
      }),
      { error: `${label} must be an object of key/value text pairs` },
    )
    .refine((value) => Object.keys(value).length <= METADATA_LIMITS.maxPairs, {
      error: `${label} can have at most ${METADATA_LIMITS.maxPairs} pairs`,
    });
}

export const MetadataSchema = metadataSchema();
export type Metadata = z.infer<typeof MetadataSchema>;
