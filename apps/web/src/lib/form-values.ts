import { isRecord } from '@console/schemas';
import { unwrap, kindOf, objectShape } from './schema-walk';
import type { z } from 'zod';

/*
 * The form keeps what the operator sees; the request keeps what the service reads. Between them:
 * empty inputs mean "not given", and metadata is edited as rows but sent as an object.
 */

export interface MetadataRow {
  key: string;
  value: string;
}

type Shape = Record<string, z.ZodType>;

export function isRowList(value: unknown): value is MetadataRow[] {
  return (
    Array.isArray(value) && value.every((row) => isRecord(row) && 'key' in row && 'value' in row)
  );
}

/** Form values → request input: drops empty text, empty rows and objects left with nothing in them. */
export function toRequestInput(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (isRowList(value)) {
    const rows = value.filter((row) => row.key !== '' || row.value !== '');
    if (rows.length === 0) return undefined;
    // Duplicate keys are refused by the form before this point; the last one would win here.
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const cleaned = toRequestInput(member);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

/** Request input (an example, a journal entry to clone) → form values: metadata objects become rows. */
export function toFormValues(
  shape: Shape,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const schema = shape[key];
    if (!schema) continue; // Not a field of this form (an old entry): leave it out, do not guess.
    const kind = kindOf(schema);
    if (kind === 'record' && isRecord(value)) {
      out[key] = Object.entries(value).map(([k, v]) => ({ key: k, value: String(v) }));
    } else if (kind === 'object' && isRecord(value)) {
      out[key] = toFormValues(objectShape(unwrap(schema).inner), value);
    } else if (typeof value === 'number' && kind !== 'number') {
      out[key] = String(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}
