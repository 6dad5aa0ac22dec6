/** A UUID as the service writes its ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A crypto address as pasted: letters and digits only, long enough not to be a name. */
export const ADDRESS = /^[0-9A-Za-z]{20,}$/;

/** What a pasted value means: a record of the list, or a value of the right form the list lacks. */
export type Pasted = { kind: 'known'; value: string } | { kind: 'unknown'; value: string };

/**
 * The paste rule of every picker: a value typed or pasted whole (a UUID, an address) is taken only
 * when the list has it, spelled as the list spells it; one of the right form the list lacks is
 * refused, so a wrong paste never reaches a request. Anything else is a search, not a paste.
 *
 * @example
 * pastedValue(' 5B0A…01 ', ['5b0a…01'], UUID); // { kind: 'known', value: '5b0a…01' }
 */
export function pastedValue(
  search: string,
  values: readonly string[],
  form: RegExp = UUID,
): Pasted | undefined {
  const text = search.trim();
  if (!form.test(text)) return undefined;
  // Ids compare without case (a UUID is the same in capitals); addresses exactly.
  const same =
    form === UUID
      ? (v: string) => v.toLowerCase() === text.toLowerCase()
      : (v: string) => v === text;
  const known = values.find(same);
  return known ? { kind: 'known', value: known } : { kind: 'unknown', value: text };
}
