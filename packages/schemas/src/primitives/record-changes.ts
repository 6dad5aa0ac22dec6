/*
 * What an update changes in a record, member by member, as the service applies an update
 * (svc-api.md appendix, "Fiat account owner"): members left out are kept, objects are merged
 * member by member, `null` and empty strings are ignored (they neither clear nor change), and a
 * metadata object replaces the stored one whole. The form's review, the approval page and the
 * BFF's check "changed since the request was made" all compare through these functions, so they
 * agree on what counts as a change.
 */

/** Members whose object replaces the stored one whole instead of merging into it. */
export const WHOLE_MEMBERS: ReadonlySet<string> = new Set(['metadata']);

/** One member that differs: its dotted path, and its text before and after (absent: undefined). */
export interface FieldChange {
  path: string;
  /** Absent: the member was not there. */
  before?: string | undefined;
  after?: string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `null` and `''` are ignored by an update: as if the member were left out. */
const blank = (value: unknown) => value === null || value === undefined || value === '';

const text = (value: unknown): string =>
  Array.isArray(value) ? JSON.stringify(value) : String(value);

/**
 * Every member of a record as its dotted path and text, in the record's order. Metadata pairs are
 * members too (`metadata.ticket`), so a review can show which pair changed.
 *
 * @example
 * leavesOf({ owner: { name: 'Ada' }, metadata: { t: '1' } });
 * // Map { 'owner.name' => 'Ada', 'metadata.t' => '1' }
 */
export function leavesOf(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!isObject(value)) return out;
  for (const [key, member] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(member)) {
      for (const [k, v] of leavesOf(member, path)) out.set(k, v);
    } else if (!blank(member)) {
      out.set(path, text(member));
    }
  }
  return out;
}

/**
 * The members that differ between two records, in the order they stand in `after`, then those
 * only `before` has.
 *
 * @example
 * changesBetween({ a: '1', b: '2' }, { a: '1', b: '3' }); // [{ path: 'b', before: '2', after: '3' }]
 */
export function changesBetween(before: unknown, after: unknown): FieldChange[] {
  const was = leavesOf(before);
  const now = leavesOf(after);
  const changes: FieldChange[] = [];
  for (const [path, value] of now) {
    if (was.get(path) !== value) changes.push({ path, before: was.get(path), after: value });
  }
  for (const [path, value] of was) {
    if (!now.has(path)) changes.push({ path, before: value, after: undefined });
  }
  return changes;
}

/**
 * The record as the service holds it after the update: members left out kept, objects merged,
 * `null` and `''` ignored, metadata replaced whole.
 *
 * @example
 * applyUpdate({ owner: { first: 'A', last: 'B' } }, { owner: { last: 'C', first: '' } });
 * // { owner: { first: 'A', last: 'C' } }
 */
export function applyUpdate(record: unknown, update: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = isObject(record) ? { ...record } : {};
  if (!isObject(update)) return out;
  for (const [key, value] of Object.entries(update)) {
    if (blank(value)) continue;
    if (WHOLE_MEMBERS.has(key) || !isObject(value)) out[key] = value;
    else out[key] = applyUpdate(out[key], value);
  }
  return out;
}

/** Equal as an update compares them: the same pairs, in any order. */
function sameWhole(a: unknown, b: unknown): boolean {
  const x = leavesOf(a);
  const y = leavesOf(b);
  return x.size === y.size && [...x].every(([k, v]) => y.get(k) === v);
}

/**
 * An edited copy of a record reduced to what changed: what an update needs to send, nothing it
 * would only repeat. A metadata object that changed in any pair is sent whole (it replaces the
 * stored one). Members of `edited` that `before` does not hold (a path parameter) are kept.
 *
 * `unclearable` lists the members the operator emptied: an update cannot clear them (the service
 * ignores an empty value), so the record keeps them, and the review says so.
 *
 * @example
 * changedOnly({ owner: { first: 'A', last: 'B' } }, { id: 'x', owner: { first: 'A', last: 'C' } });
 * // { update: { id: 'x', owner: { last: 'C' } }, unclearable: [] }
 */
export function changedOnly(
  before: Record<string, unknown>,
  edited: Record<string, unknown>,
): { update: Record<string, unknown>; unclearable: FieldChange[] } {
  const update = reduce(before, edited);
  const unclearable: FieldChange[] = [];
  const kept = leavesOf(edited);
  for (const [path, value] of leavesOf(before)) {
    const segments = path.split('.');
    const at = segments.findIndex((segment) => WHOLE_MEMBERS.has(segment));
    // A pair of a whole member (metadata) is removed by sending the rest; it is emptied, and
    // cannot be, only when none of its pairs is left.
    const whole = `${segments.slice(0, at + 1).join('.')}.`;
    const gone = at >= 0 ? ![...kept.keys()].some((k) => k.startsWith(whole)) : !kept.has(path);
    if (gone) unclearable.push({ path, before: value, after: undefined });
  }
  return { update, unclearable };
}

function reduce(before: unknown, edited: Record<string, unknown>): Record<string, unknown> {
  const base = isObject(before) ? before : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edited)) {
    if (blank(value)) continue;
    if (WHOLE_MEMBERS.has(key)) {
      if (!sameWhole(base[key], value)) out[key] = value;
    } else if (isObject(value)) {
      const inner = reduce(base[key], value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (blank(base[key]) || text(base[key]) !== text(value)) {
      out[key] = value;
    }
  }
  return out;
}

/** The named members of a record, the others left out (for comparing what an update can change). */
export function pickMembers(record: unknown, members: readonly string[]): Record<string, unknown> {
  if (!isObject(record)) return {};
  return Object.fromEntries(members.filter((m) => m in record).map((m) => [m, record[m]]));
}
