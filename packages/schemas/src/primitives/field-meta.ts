import type { z } from 'zod';

/**
 * How the UI groups the fields of a form: as an operator thinks of a request. `advanced` holds
 * what the API takes and the operator rarely decides (identity ids, a reference id, a wait): the
 * form keeps it closed unless one of them is set (issue 33, item 9).
 */
export const FIELD_GROUPS = ['who', 'what', 'amount', 'options', 'advanced'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

/**
 * Words and hints that live with a field's schema, so that the form, the end-to-end tests and the
 * logs all use the same label. Attached with zod's `.meta()`, read back with {@link fieldMeta}.
 */
export interface FieldMeta {
  label: string;
  help?: string;
  group?: FieldGroup;
  /**
   * How the UI edits it; plain text when absent. `token`: a value the client makes up and reuses
   * across records (a self-match prevention id), offered from what was used before or made new.
   */
  kind?: 'decimal' | 'metadata' | 'ref_id' | 'epoch-millis' | 'integer' | 'token';
  /** For amounts: the field whose value names the asset, or a fixed asset code after `=`. */
  asset?: string;
  /**
   * For ids: the list operation of the registry whose records the operator can pick from
   * (`listProfiles` for a profile id). Checked against the registry by its tests.
   */
  choices?: string;
  /**
   * Which member of a record of `choices` the field takes: `id` when absent, `address` for an
   * address field that a deposit address fills.
   */
  choiceMember?: string;
  /**
   * For a list's filter: the member of its records it compares, where that is neither the
   * filter's name nor its singular (`bookmarked_status` compares `bookmarked`). The sandbox's
   * filter tests read it (`handlers/filters.test.ts`).
   */
  compares?: string;
}

declare module 'zod' {
  interface GlobalMeta {
    label?: string;
    help?: string;
    group?: FieldGroup;
    kind?: FieldMeta['kind'];
    asset?: string;
    choices?: string;
    choiceMember?: string;
    compares?: string;
  }
}

/** The label and hints of a field schema, looking through `.optional()` and `.default()` wrappers. */
export function fieldMeta(schema: z.ZodType): Partial<FieldMeta> {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const meta = current.meta();
    if (meta?.label) return meta as Partial<FieldMeta>;
    const def = current._zod.def as { innerType?: z.ZodType };
    current = def.innerType;
  }
  return {};
}
