/**
 * Canonical JSON (ADR 022, ADR 037): a flat object, keys in code-point order, no whitespace,
 * strings escaped as `JSON.stringify` escapes them. Values are strings, safe integers, booleans or
 * null: decimals and timestamps are strings (timestamps UTC ISO 8601 with `Z`), so no number is
 * ever rounded. The audit trail's records and a signed decision's statement are written in it,
 * here once for the BFF, the CLI and the browser alike (the database's twin is
 * `audit_canonical` of migration 016).
 */

export type CanonicalValue = string | number | boolean | null;

/**
 * @example
 * canonicalJson({ b: '1.50', a: null }); // '{"a":null,"b":"1.50"}'
 */
export function canonicalJson(fields: Record<string, CanonicalValue>): string {
  const keys = Object.keys(fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts = keys.map((key) => {
    const value = fields[key];
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new TypeError(`${key}: only safe integers are numbers in the canonical form`);
    }
    return `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  });
  return `{${parts.join(',')}}`;
}
