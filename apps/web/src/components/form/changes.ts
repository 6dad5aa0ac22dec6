import { applyUpdate, changesBetween, type FieldChange } from '@console/schemas';
import type { z } from 'zod';
import { fieldInfo, kindOf, schemaAt } from '@/lib/schema-walk';

/** One line of an old → new review: the field in the form's words, and its two values. */
export interface ChangeLine extends FieldChange {
  label: string;
}

/**
 * A dotted path in the form's words: each segment's label from the schema ("Account owner ›
 * Person details › Last name"); a metadata pair by its key ("Metadata: ticket").
 */
export function changeLabel(shape: Record<string, z.ZodType>, path: string): string {
  const segments = path.split('.');
  const labels: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const at = segments.slice(0, i + 1).join('.');
    const schema = schemaAt(shape, at);
    if (!schema) {
      // Past a record (metadata) the rest is the operator's own key.
      return `${labels.join(' › ')}: ${segments.slice(i).join('.')}`;
    }
    labels.push(fieldInfo(shape, at).label);
    if (kindOf(schema) === 'record' && i < segments.length - 1) {
      return `${labels.join(' › ')}: ${segments.slice(i + 1).join('.')}`;
    }
  }
  return labels.join(' › ');
}

/** Changes as lines of a review, labelled from the schema. */
export function changeLines(
  shape: Record<string, z.ZodType>,
  changes: FieldChange[],
): ChangeLine[] {
  return changes.map((c) => ({ ...c, label: changeLabel(shape, c.path) }));
}

/**
 * What an update does to a record, line by line: each member whose value it changes, old → new,
 * as the service applies it (members left out kept, metadata replaced whole). Path parameters
 * name the record and are not changes of it.
 */
export function updateLines(
  shape: Record<string, z.ZodType>,
  before: Record<string, unknown>,
  update: Record<string, unknown>,
  pathParams: readonly string[],
): ChangeLine[] {
  const body = Object.fromEntries(
    Object.entries(update).filter(([key]) => !pathParams.includes(key)),
  );
  const touched = new Set(Object.keys(body));
  const after = applyUpdate(before, body);
  // Only the members the update names: what the record holds besides stays as it is.
  const scope = (r: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(r).filter(([key]) => touched.has(key)));
  return changeLines(shape, changesBetween(scope(before), scope(after)));
}
