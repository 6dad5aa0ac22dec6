import {
  ASSET_CODE_PATTERN,
  RAILS,
  UUID_PATTERN,
  fieldMeta,
  type FieldMeta,
} from '@console/schemas';
import type { z } from 'zod';
import { kindOf, objectShape, unwrap } from '@/lib/schema-walk';

/** The list reads whose records a picker offers, by the `choices` an id field's meta names. */
export const PICKERS = {
  listProfiles: 'profile',
  listFiatAccounts: 'fiat-account',
  listDepositAddresses: 'deposit-address',
  listOrders: 'order',
  listOrchestrationRules: 'rule',
  listIdentities: 'identity',
  listAccounts: 'account',
  listFiatDepositInstructions: 'deposit-instructions',
  listCryptoDestinationAddresses: 'destination-address',
  // An asset of a request: the profile's balances first, then every asset the service trades.
  listProfileBalances: 'asset',
} as const;

type Picker = (typeof PICKERS)[keyof typeof PICKERS];

/** How the form edits one field (an object's members are fields of their own). */
export type Editor =
  | Picker
  | 'decimal'
  | 'metadata'
  | 'ref_id'
  | 'date-time'
  | 'integer'
  | 'token'
  | 'select'
  | 'switch'
  | 'text';

/** The editor of a field, or why the form has none that gives the schema what it takes. */
export type Editing = { editor: Editor } | { editor: undefined; why: string };

/** The schema type each `kind` of the meta edits: a kind on another type would send the wrong one. */
const KINDS: Record<NonNullable<FieldMeta['kind']>, { editor: Editor; type: string }> = {
  decimal: { editor: 'decimal', type: 'string' },
  metadata: { editor: 'metadata', type: 'record' },
  ref_id: { editor: 'ref_id', type: 'string' },
  'epoch-millis': { editor: 'date-time', type: 'string' },
  integer: { editor: 'integer', type: 'number' },
  token: { editor: 'token', type: 'string' },
};

interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: Def } }[];
  valueType?: z.ZodType;
}
const def = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** True for a string that must be a UUID: the id of a record, never typed by hand. */
export function isUuid(schema: z.ZodType): boolean {
  const inner = def(unwrap(schema).inner);
  return [inner, ...(inner.checks ?? []).map((c) => c._zod.def)].some(
    (d) =>
      d.format === 'uuid' ||
      d.format === 'guid' ||
      (d.format === 'regex' && d.pattern?.source === UUID_PATTERN.source),
  );
}

/** True for an asset code (`USD`): a value the service lists, never free text. */
export function isAssetCode(schema: z.ZodType): boolean {
  const inner = def(unwrap(schema).inner);
  return (inner.checks ?? []).some(
    (c) =>
      c._zod.def.format === 'regex' && c._zod.def.pattern?.source === ASSET_CODE_PATTERN.source,
  );
}

/** True for a source or destination: an object whose members are the rails. */
export function isRail(schema: z.ZodType): boolean {
  const members = Object.keys(objectShape(schema));
  return members.length > 0 && members.every((m) => (RAILS as readonly string[]).includes(m));
}

/**
 * How the form edits a field, from its schema: the meta's `kind` first, then a picker for an id
 * (by its `choices`), then its type. A field the form cannot edit as its schema takes it has no
 * editor, and says why: the registry's test fails on it, instead of a text box whose value the
 * schema refuses.
 */
export function editorOf(schema: z.ZodType, name: string): Editing {
  const meta = fieldMeta(schema);
  const type = kindOf(schema);
  if (meta.kind) {
    const kind = KINDS[meta.kind];
    if (kind.type === type) return { editor: kind.editor };
    return { editor: undefined, why: `kind ${meta.kind} on a ${type}, which it cannot edit` };
  }
  // The registry's `choices` names the list that can serve an id; a profile id is also known by
  // its name.
  const choices = meta.choices ?? (/(^|[._])profile_id$/.test(name) ? 'listProfiles' : undefined);
  if (choices !== undefined) {
    if (choices in PICKERS) return { editor: PICKERS[choices as keyof typeof PICKERS] };
    return { editor: undefined, why: `an id from ${choices}, which has no picker` };
  }
  if (isUuid(schema)) {
    return { editor: undefined, why: 'a UUID id without choices: nothing to pick it from' };
  }
  switch (type) {
    case 'string':
      return { editor: 'text' };
    case 'enum':
      return { editor: 'select' };
    case 'boolean':
      return { editor: 'switch' };
    case 'record': {
      const values = def(unwrap(schema).inner).valueType;
      if (values && kindOf(values) === 'string') return { editor: 'metadata' };
      return { editor: undefined, why: 'a record of other than text, which rows cannot hold' };
    }
  }
  return { editor: undefined, why: `a ${type}, which no field of the form edits` };
}

/**
 * Every field a form of this request shape edits, with its editor, walked as the generated form
 * lays it out: an object's members are fields (a fieldset, nested ones in turn); a rail's members
 * are one object per rail, whose members are fields.
 */
export function formFields(shape: Record<string, z.ZodType>): { path: string; editing: Editing }[] {
  const out: { path: string; editing: Editing }[] = [];
  const visit = (members: Record<string, z.ZodType>, prefix: string, top: boolean) => {
    for (const [key, schema] of Object.entries(members)) {
      const path = `${prefix}${key}`;
      if (kindOf(schema) !== 'object') {
        out.push({ path, editing: editorOf(schema, path) });
      } else if (top && isRail(schema)) {
        for (const [rail, member] of Object.entries(objectShape(schema))) {
          for (const [field, s] of Object.entries(objectShape(member))) {
            const at = `${path}.${rail}.${field}`;
            out.push({
              path: at,
              editing:
                kindOf(s) === 'object'
                  ? { editor: undefined, why: 'an object inside a rail, which shows plain fields' }
                  : editorOf(s, at),
            });
          }
        }
      } else {
        visit(objectShape(schema), `${path}.`, false);
      }
    }
  };
  visit(shape, '', true);
  return out;
}
