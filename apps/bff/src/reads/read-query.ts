import type { z } from 'zod';

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
};
const def = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The schema under optional, nullable, default and pipe wrappers. */
function inner(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const d = def(current);
    if (d.innerType && ['optional', 'nullable', 'default', 'prefault'].includes(d.type)) {
      current = d.innerType;
    } else if (d.type === 'pipe' && d.in) {
      current = d.in;
    } else {
      return current;
    }
  }
}

/** The members of an object schema (a query schema), or none. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const d = def(inner(schema));
  return d.type === 'object' && d.shape ? d.shape : {};
}

/**
 * A query string as the read's query schema takes it: a parameter the schema types as an array
 * (the appendix's repeated filters, `profile_ids=a&profile_ids=b`) is always an array, even of
 * one value; any other parameter is its text, and given twice it is an array, which the schema
 * then refuses. Parameters the schema does not know are kept, for the schema to refuse.
 */
export function queryObject(
  params: URLSearchParams,
  schema: z.ZodType,
): Record<string, string | string[]> {
  const shape = shapeOf(schema);
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    const member = shape[name];
    const isArray = member !== undefined && def(inner(member)).type === 'array';
    out[name] = isArray || values.length > 1 ? values : (values[0] as string);
  }
  return out;
}
