import { isRecord } from '@console/schemas';
import type { z } from 'zod';
import { kindOfChoices, type RecordRef } from '@/lib/record-ref';
import { fieldInfo, kindOf, schemaAt } from '@/lib/schema-walk';

/**
 * One line of the review: "From profile" → "Treasury". A line that names a record the form
 * picked carries it (`record`): the review shows its name with the id small beside it, and
 * `value` is then what more there is to say of it ("on BITCOIN"), or empty.
 */
export interface ReviewLine {
  label: string;
  value: string;
  record?: RecordRef | undefined;
}

/**
 * The record a picked value names, by its field's `choices` in the registry (a profile id is
 * known by its name too), or undefined for a value that names none.
 */
export function recordOf(
  schema: z.ZodType,
  path: string,
  meta: { choices?: string | undefined; choiceMember?: string | undefined },
  value: unknown,
): RecordRef | undefined {
  if (typeof value !== 'string' || value === '' || kindOf(schema) === 'object') return undefined;
  const choices = meta.choices ?? (/(^|[._])profile_id$/.test(path) ? 'listProfiles' : undefined);
  const kind = kindOfChoices(choices, meta.choiceMember);
  return kind ? { kind, id: value } : undefined;
}

/**
 * What a money-moving send does, in the operator's terms. Each feature writes it for its
 * operations, because only the feature knows what "leaves" and "arrives" mean for it.
 */
export interface ReviewSummary {
  leaves: ReviewLine[];
  arrives: ReviewLine[];
  /** Fees if known before sending; otherwise where they will show. */
  fee: string;
  note?: string;
}

export type Reviewer = (input: Record<string, unknown>) => ReviewSummary;

/** Every value about to be sent, labelled from the schemas ("Source › Crypto › Address"). */
export function flattenInput(
  shape: Record<string, z.ZodType>,
  input: Record<string, unknown>,
  prefix = '',
  labels: string[] = [],
): ReviewLine[] {
  const lines: ReviewLine[] = [];
  for (const [key, value] of Object.entries(input)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const schema = schemaAt(shape, path);
    const label = schema ? fieldInfo(shape, path).label : key;
    const trail = [...labels, label];
    if (schema && kindOf(schema) === 'record' && isRecord(value)) {
      for (const [k, v] of Object.entries(value)) {
        lines.push({ label: `${trail.join(' › ')}: ${k}`, value: String(v) });
      }
    } else if (isRecord(value)) {
      lines.push(...flattenInput(shape, value, path, trail));
    } else {
      const record = schema
        ? recordOf(schema, path, fieldInfo(shape, path).meta, value)
        : undefined;
      lines.push({ label: trail.join(' › '), value: String(value), ...(record ? { record } : {}) });
    }
  }
  return lines;
}
