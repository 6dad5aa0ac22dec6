/**
 * The fields a batch's columns map to: the leaves of the operation's request, as the registry
 * declares them, so that a batch row is exactly the request a single send of that operation takes.
 * A column is mapped by its header when the header names a field (its path, its last segment or
 * its label, in any case, with spaces, dashes or underscores), else by the operator's mapping.
 */
import type { BatchField, BatchMapping } from './batch-check-api';
import type { BatchOperation } from './batch-states';
import { kindOfPath } from './personal-fields';
import { fieldMeta } from './primitives/field-meta';
import { operations } from './registry';
import { walkFields } from './registry-walk';
import type { z } from 'zod';

/** The mapping target of a column whose values are metadata: the column's header is the key. */
export const METADATA_FIELD = 'metadata.*';

/** A directory the BFF reads to turn a name into an id. */
export type NameDirectory = 'profiles' | 'identities' | 'accounts' | 'book';

const DIRECTORY_OF_CHOICES: Readonly<Record<string, NameDirectory>> = {
  listProfiles: 'profiles',
  listIdentities: 'identities',
  listAccounts: 'accounts',
  listCryptoDestinationAddresses: 'book',
};

const WORDS_OF_DIRECTORY: Readonly<Record<NameDirectory, string>> = {
  profiles: 'profile nickname',
  identities: 'identity name',
  accounts: 'account name',
  book: 'destination book entry',
};

/** Fields the batch sets itself: each row's `ref_id` is derived from the batch and the row. */
const SET_BY_BATCH = new Set(['ref_id']);

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: unknown;
}

/** True for a schema with members (an object, through optional and refine wrappers). */
function isObject(schema: z.core.$ZodType): boolean {
  let current: z.core.$ZodType | undefined = schema;
  while (current) {
    const def = current._zod.def as unknown as Def;
    if (def.type === 'object') return true;
    if (def.type === 'record') return false;
    current = def.innerType ?? def.in;
  }
  return false;
}

function isRecord(schema: z.core.$ZodType): boolean {
  let current: z.core.$ZodType | undefined = schema;
  while (current) {
    const def = current._zod.def as unknown as Def;
    if (def.type === 'record') return true;
    current = def.innerType ?? def.in;
  }
  return false;
}

const acceptsAbsence = (schema: z.core.$ZodType) =>
  (schema as z.ZodType).safeParse(undefined).success;

/** A nested field's label says where it is: `Destination crypto: Address`. */
function labelOf(path: string, label: string | undefined): string {
  const parents = path.split('.').slice(0, -1).join(' ');
  const own = label ?? path.split('.').at(-1)!;
  return parents ? `${parents[0]!.toUpperCase()}${parents.slice(1)}: ${own}` : own;
}

/**
 * How a cell of a field is read before the schema sees it, as the single form reads what is typed
 * (issue 67): an amount's group marks dropped (`1,250.00` → `1250.00`), an asset's code in
 * capitals when that is a code the console knows (`usd` → `USD`).
 */
export type CellReading = 'decimal' | 'asset' | null;

interface FieldFacts extends BatchField {
  directory: NameDirectory | null;
  reading: CellReading;
}

const cache = new Map<BatchOperation, FieldFacts[]>();

function factsOf(operation: BatchOperation): FieldFacts[] {
  const cached = cache.get(operation);
  if (cached) return cached;
  const walked = walkFields(operations[operation]);
  const optionalPaths = walked.filter((f) => acceptsAbsence(f.schema)).map((f) => f.path);
  const underOptional = (path: string) =>
    optionalPaths.some((parent) => path === parent || path.startsWith(`${parent}.`));
  const out: FieldFacts[] = [];
  for (const field of walked) {
    if (SET_BY_BATCH.has(field.path) || isObject(field.schema)) continue;
    if (isRecord(field.schema)) {
      // Metadata: one column per key, the header naming the key (see METADATA_FIELD).
      if (field.path === 'metadata') {
        out.push({
          path: METADATA_FIELD,
          label: 'Metadata (the column’s header is the key)',
          required: false,
          accepts_name: null,
          directory: null,
          reading: null,
        });
      }
      continue;
    }
    const meta = fieldMeta(field.schema as z.ZodType);
    const directory = (meta.choices && DIRECTORY_OF_CHOICES[meta.choices]) || null;
    out.push({
      path: field.path,
      label: labelOf(field.path, meta.label),
      required: !underOptional(field.path),
      accepts_name: directory && WORDS_OF_DIRECTORY[directory],
      directory,
      reading:
        meta.kind === 'decimal'
          ? 'decimal'
          : meta.choices === 'listProfileBalances'
            ? 'asset'
            : null,
    });
  }
  cache.set(operation, out);
  return out;
}

/** The fields of `operation` a column can be mapped to, in the registry's order. */
export function batchFieldsOf(operation: BatchOperation): BatchField[] {
  return factsOf(operation).map(({ directory: _directory, reading: _reading, ...field }) => field);
}

const nonPersonalCache = new Map<BatchOperation, ReadonlySet<string>>();

/**
 * The fields of `operation` whose cells a role that sees no personal data may read whole (issue
 * 55, finding 2): a field of the registry with no personal member on its path, whose cell holds
 * an id, an amount, an asset or a profile's nickname (the console's own name for a balance). Not
 * metadata (free text), an address, nor a field that takes an identity's, an account's or a book
 * entry's name: those are personal, and so is any column mapped to none of these.
 */
export function nonPersonalFieldsOf(operation: BatchOperation): ReadonlySet<string> {
  const cached = nonPersonalCache.get(operation);
  if (cached) return cached;
  const fields = new Set(
    factsOf(operation)
      .filter(
        (f) =>
          f.path !== METADATA_FIELD &&
          (kindOfPath(f.path) ?? 'non_personal') === 'non_personal' &&
          (f.directory === null || f.directory === 'profiles'),
      )
      .map((f) => f.path),
  );
  nonPersonalCache.set(operation, fields);
  return fields;
}

/** How each field's cells are read (fields read as typed are absent). */
export function cellReadingsOf(operation: BatchOperation): ReadonlyMap<string, CellReading> {
  return new Map(factsOf(operation).flatMap((f) => (f.reading ? [[f.path, f.reading]] : [])));
}

/** Fields of the operation that accept names, and which directory each reads. */
export function nameFieldsOf(
  operation: BatchOperation,
): { field: string; directory: NameDirectory }[] {
  return factsOf(operation).flatMap((f) =>
    f.directory ? [{ field: f.path, directory: f.directory }] : [],
  );
}

/** A header or a field's name, compared loosely: `To Profile ID`, `to-profile-id` → `to_profile_id`. */
export function headerKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s\-_]+/g, '_');
}

/**
 * Headers a payout file commonly has, and the fields each names (the first the operation has):
 * a spreadsheet says From, To and Currency where the service says profile ids and asset. A
 * `Reference` column, which no request has a field for, is kept as metadata under its header.
 */
const COMMON_HEADERS: Readonly<Record<string, readonly string[]>> = {
  from: ['from_profile_id', 'profile_id', 'source.profile.profile_id'],
  to: [
    'to_profile_id',
    'destination.profile.profile_id',
    'destination.fiat.fiat_account_id',
    'destination.crypto.address',
  ],
  currency: ['asset', 'source_asset'],
  amount: ['amount', 'source_amount'],
  memo: ['memo', 'destination.fiat.memo', 'destination.crypto.memo'],
};

/** The common headers (in capitals as a spreadsheet writes them) that name each field of `operation`. */
export function commonHeadersOf(operation: BatchOperation): ReadonlyMap<string, string[]> {
  const known = new Set(factsOf(operation).map((f) => f.path));
  const out = new Map<string, string[]>();
  const add = (path: string, header: string) => out.set(path, [...(out.get(path) ?? []), header]);
  for (const [header, candidates] of Object.entries(COMMON_HEADERS)) {
    const path = candidates.find((candidate) => known.has(candidate));
    if (path) add(path, `${header[0]!.toUpperCase()}${header.slice(1)}`);
  }
  if (known.has(METADATA_FIELD)) add(METADATA_FIELD, 'Reference');
  return out;
}

/**
 * The header row of a template for `operation`: each field's path (what {@link mapColumns}
 * matches first), the required fields first, then the optional ones, in the registry's order.
 */
export function templateHeaderOf(operation: BatchOperation): string[] {
  const fields = batchFieldsOf(operation).filter((f) => f.path !== METADATA_FIELD);
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)].map(
    (f) => f.path,
  );
}

/**
 * The mapping of each column to a field: the operator's (`given`, then `remembered`) where it
 * names one, else the field the header names, else `''` (left out). A column of a field mapped
 * twice is left out the second time, so that no row has two values for one field.
 */
export function mapColumns(
  operation: BatchOperation,
  columns: readonly string[],
  given?: BatchMapping,
  remembered?: BatchMapping,
): BatchMapping {
  const fields = factsOf(operation);
  const known = new Set(fields.map((f) => f.path));
  const byKey = new Map<string, string>();
  const lastSegments = new Map<string, string[]>();
  for (const f of fields) {
    if (f.path === METADATA_FIELD) continue;
    byKey.set(headerKey(f.path), f.path);
    byKey.set(headerKey(f.label), f.path);
    const last = headerKey(f.path.split('.').at(-1)!);
    lastSegments.set(last, [...(lastSegments.get(last) ?? []), f.path]);
  }
  for (const [last, paths] of lastSegments) {
    if (paths.length === 1 && !byKey.has(last)) byKey.set(last, paths[0]!);
  }
  for (const [header, candidates] of Object.entries(COMMON_HEADERS)) {
    const path = candidates.find((candidate) => known.has(candidate));
    if (path && !byKey.has(header)) byKey.set(header, path);
  }
  const taken = new Set<string>();
  const mapping: BatchMapping = {};
  for (const column of columns) {
    const chosen = [given?.[column], remembered?.[column]].find(
      (value) => value !== undefined && (value === '' || known.has(value)),
    );
    const key = headerKey(column);
    const byName =
      key.startsWith('metadata.') || (key === 'reference' && known.has(METADATA_FIELD))
        ? METADATA_FIELD
        : byKey.get(key);
    const field = chosen ?? byName ?? '';
    if (field !== '' && field !== METADATA_FIELD && taken.has(field)) {
      mapping[column] = '';
      continue;
    }
    taken.add(field);
    mapping[column] = field;
  }
  return mapping;
}

/** The required fields no column maps to. */
export function unmappedRequired(operation: BatchOperation, mapping: BatchMapping): BatchField[] {
  const mapped = new Set(Object.values(mapping));
  return batchFieldsOf(operation).filter((f) => f.required && !mapped.has(f.path));
}

/** The metadata key a column mapped to {@link METADATA_FIELD} sets: its header, less `metadata.`. */
export function metadataKeyOf(column: string): string {
  const trimmed = column.trim();
  return trimmed.toLowerCase().startsWith('metadata.')
    ? trimmed.slice('metadata.'.length)
    : trimmed;
}
