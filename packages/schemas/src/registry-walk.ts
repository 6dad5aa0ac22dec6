import type { z } from 'zod';
import { fieldMeta } from './primitives/field-meta';
import type { Operation } from './registry';

/** One field of an operation: a path parameter, a body field or a query parameter. */
export interface WalkedField {
  /** Dotted, as field errors name it (`source.profile.profile_id`). */
  path: string;
  label: string | undefined;
  /** The list operation that offers values for it (a picker), if any. */
  choices: string | undefined;
  /** The member of the listed record the field takes (`id` when undefined). */
  choiceMember: string | undefined;
  schema: z.core.$ZodType;
}

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}

function members(schema: z.core.$ZodType): Record<string, z.core.$ZodType> {
  let current: z.core.$ZodType | undefined = schema;
  while (current) {
    const def = current._zod.def as unknown as Def;
    if (def.type === 'object') return def.shape ?? {};
    current = def.innerType ?? def.in;
  }
  return {};
}

/** The input fields of an operation: path parameters, then the body (a write) or the query (a read). */
export function inputShape(op: Operation): Record<string, z.core.$ZodType> {
  return op.kind === 'write'
    ? { ...op.shape.path, ...op.shape.body }
    : { ...op.shape.path, ...op.shape.query };
}

/**
 * Every field of an operation's input, nested object members included (down to `depth` levels),
 * with the label and picker its schema declares. Tests walk it to hold every operation to the
 * same standard.
 */
export function walkFields(op: Operation, options: { depth?: number } = {}): WalkedField[] {
  const depth = options.depth ?? Infinity;
  const out: WalkedField[] = [];
  const visit = (shape: Record<string, z.core.$ZodType>, prefix: string, level: number) => {
    for (const [name, schema] of Object.entries(shape)) {
      const path = prefix ? `${prefix}.${name}` : name;
      const meta = fieldMeta(schema as z.ZodType);
      out.push({
        path,
        label: meta.label,
        choices: meta.choices,
        choiceMember: meta.choiceMember,
        schema,
      });
      if (level + 1 < depth) visit(members(schema), path, level + 1);
    }
  };
  visit(inputShape(op), '', 0);
  return out;
}
