import { METADATA_LIMITS } from '@console/schemas';
import type { MetadataRow } from './form-values';

export interface RowErrors {
  key?: string;
  value?: string;
}

/**
 * What is wrong with each metadata row, in the same words wherever it shows. The schema checks
 * the object; these catch what an object cannot show: a value without a key, a key used twice.
 */
export function metadataRowErrors(rows: readonly MetadataRow[]): RowErrors[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const errors: RowErrors = {};
    const empty = row.key === '' && row.value === '';
    if (row.key.length > METADATA_LIMITS.maxKeyLength) {
      errors.key = `Key can have at most ${METADATA_LIMITS.maxKeyLength} characters`;
    } else if (row.key === '' && !empty) {
      errors.key = 'Give this value a key, or remove the row';
    } else if (row.key !== '' && seen.has(row.key)) {
      errors.key = `Key “${row.key}” is already used above`;
    }
    if (row.value.length > METADATA_LIMITS.maxValueLength) {
      errors.value = `Value can have at most ${METADATA_LIMITS.maxValueLength} characters`;
    }
    if (row.key !== '') seen.set(row.key, (seen.get(row.key) ?? 0) + 1);
    return errors;
  });
}
