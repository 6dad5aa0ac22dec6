import { isRecord } from '@console/schemas';
import type { z } from 'zod';
import { fieldInfo, kindOf, schemaAt } from '@/lib/schema-walk';

/** One line of the review: "From profile" → "5b0a…". */
export interface ReviewLine {
  label: string;
  value: string;
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
      lines.push({ label: trail.join(' › '), value: String(value) });
    }
  }
  return lines;
}
