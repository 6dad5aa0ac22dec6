import { fieldMeta, type FieldMeta, type WriteOperation } from '@console/schemas';
import type { z } from 'zod';

/*
 * Reads the shared request schemas the way the form needs them: the schema of a dotted field path,
 * whether it is optional, its enum values and its label. Labels are never written twice.
 */

type AnySchema = z.ZodType;
interface Def {
  type: string;
  innerType?: AnySchema;
  shape?: Record<string, AnySchema>;
  entries?: Record<string, string | number>;
  in?: AnySchema;
}

const def = (schema: AnySchema) => schema._zod.def as unknown as Def;

/** The schema inside optional/nullable/default wrappers, and whether one of them made it optional. */
export function unwrap(schema: AnySchema): { inner: AnySchema; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const d = def(current);
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default') && d.innerType) {
      optional ||= d.type !== 'nullable';
      current = d.innerType;
    } else if (d.type === 'pipe' && d.in) {
      current = d.in;
    } else {
      return { inner: current, optional };
    }
  }
}

export function kindOf(schema: AnySchema): string {
  return def(unwrap(schema).inner).type;
}

/** The members of an object schema, or an empty object for anything else. */
export function objectShape(schema: AnySchema): Record<string, AnySchema> {
  const d = def(unwrap(schema).inner);
  return d.type === 'object' && d.shape ? d.shape : {};
}

/** The values of an enum schema, in the order the schema lists them. */
export function enumValues(schema: AnySchema): string[] {
  const d = def(unwrap(schema).inner);
  return d.type === 'enum' && d.entries ? Object.values(d.entries).map(String) : [];
}

/** The combined input shape of an operation: path parameters first, then body fields. */
export function requestShape(op: WriteOperation): Record<string, AnySchema> {
  return { ...op.shape.path, ...op.shape.body } as Record<string, AnySchema>;
}

/** The schema of a dotted path such as `source.crypto.address`, or undefined when there is none. */
export function schemaAt(shape: Record<string, AnySchema>, path: string): AnySchema | undefined {
  const [head, ...rest] = path.split('.');
  let current = head === undefined ? undefined : shape[head];
  for (const segment of rest) {
    if (!current) return undefined;
    current = objectShape(current)[segment];
  }
  return current;
}

/**
 * The field path a problem should be shown on. Metadata keys are data, not fields: an error at
 * `metadata.colour` belongs to the metadata editor at `metadata`.
 */
export function formPathFor(shape: Record<string, AnySchema>, path: string): string {
  if (!path) return '';
  const segments = path.split('.');
  const kept: string[] = [];
  let current: AnySchema | undefined;
  for (const segment of segments) {
    current = kept.length === 0 ? shape[segment] : current && objectShape(current)[segment];
    kept.push(segment);
    if (!current) return kept.join('.');
    if (kindOf(current) === 'record') return kept.join('.');
  }
  return kept.join('.');
}

export interface FieldInfo {
  schema: AnySchema;
  meta: Partial<FieldMeta>;
  /** The schema itself demands a value (rules may demand more). */
  required: boolean;
  label: string;
}

/** Label, help and kind of a field; the label falls back to the last path segment as written. */
export function fieldInfo(shape: Record<string, AnySchema>, path: string): FieldInfo {
  const schema = schemaAt(shape, path);
  if (!schema) throw new Error(`No field ${path} in this operation's schema`);
  const meta = fieldMeta(schema);
  return {
    schema,
    meta,
    required: !unwrap(schema).optional,
    label: meta.label ?? path.split('.').pop() ?? path,
  };
}
