/**
 * Personal data by kind (issue 67): every field the console may show, classified once, and how
 * each kind is shown to a role that sees personal data masked (a viewer, an auditor, any role a
 * record's read does not name). The BFF masks with this table on every surface (pages through
 * the read proxy, the journal, approvals, exports, notifications, the stream), so that a value
 * reads the same wherever it appears.
 *
 * - a name: initials at most (`Alice Moreau` → `A. M.`): the last four letters of a first name
 *   are most of it;
 * - a date of birth: nothing (its month and day are most of what identifies);
 * - an account number (a bank account, a routing number, a crypto address): its last four, which
 *   is how an operator tells two accounts apart;
 * - a street address: nothing; its country is a field of its own, non-personal, shown whole;
 * - an email: its domain only; a phone number: its last two digits;
 * - free text (memos, metadata, nicknames of addresses, bank names): nothing, since it may say
 *   anything, a name included;
 * - non-personal (a country, a routing number's type, an account's description, flags): whole.
 */

export const PERSONAL_KINDS = [
  'name',
  'date_of_birth',
  'account_number',
  'street_address',
  'email',
  'phone',
  'free_text',
  'non_personal',
] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

/** What a masked value is shown as where nothing of it may be shown. */
export const HIDDEN = '••••';

/** Fields personal wherever they appear, by kind (`non_personal`: whole even inside personal data). */
export const PERSONAL_FIELDS: Readonly<Record<string, PersonalKind>> = {
  first_name: 'name',
  middle_name: 'name',
  last_name: 'name',
  date_of_birth: 'date_of_birth',
  account_number: 'account_number',
  routing_number: 'account_number',
  destination_address: 'account_number',
  wallet_address: 'account_number',
  address1: 'street_address',
  address2: 'street_address',
  city: 'street_address',
  province: 'street_address',
  zip_code: 'street_address',
  postal_code: 'street_address',
  email: 'email',
  phone_number: 'phone',
  memo: 'free_text',
  bank_name: 'free_text',
  metadata: 'free_text',
  recipient_metadata: 'free_text',
  country: 'non_personal',
  nationality: 'non_personal',
  routing_number_type: 'non_personal',
  // An account's or a profile's description names a desk ("Market Making"), not a person.
  description: 'non_personal',
};

/**
 * Fields that hold personal data as a whole: each member is classified by the table, by
 * `INSIDE_FIELDS`, or else taken for free text (nothing unclassified inside them is shown).
 */
export const PERSONAL_CONTAINERS: ReadonlySet<string> = new Set([
  'fiat_account_owner',
  'fiat_network_instructions',
  'person_details',
  'business_details',
  'routing_details',
  'intermediary_routing_details',
  'institution_details',
  'bank_address',
  'fiat_account_owner_address',
  'business_address',
]);

/** Fields classified only inside personal data: elsewhere a `name` or a `type` is the console's. */
export const INSIDE_FIELDS: Readonly<Record<string, PersonalKind>> = {
  name: 'name',
  doing_business_as: 'name',
  type: 'non_personal',
};

/** How a value of `kind` is shown to a role that sees personal data masked. */
export function maskByKind(kind: PersonalKind, text: string): string {
  switch (kind) {
    case 'name': {
      const initials = text
        .split(/[\s-]+/u)
        .filter(Boolean)
        .map((word) => `${[...word][0]!.toUpperCase()}.`);
      return initials.length > 0 ? initials.join(' ') : HIDDEN;
    }
    case 'account_number': {
      const chars = [...text];
      return chars.length > 4 ? `${HIDDEN}${chars.slice(-4).join('')}` : HIDDEN;
    }
    case 'email': {
      const at = text.lastIndexOf('@');
      return at > 0 ? `${HIDDEN}${text.slice(at)}` : HIDDEN;
    }
    case 'phone': {
      const digits = text.replace(/\D/g, '');
      return digits.length > 4 ? `${HIDDEN}${digits.slice(-2)}` : HIDDEN;
    }
    case 'non_personal':
      return text;
    case 'date_of_birth':
    case 'street_address':
    case 'free_text':
      return HIDDEN;
  }
}

/**
 * The kind of the member `key`, given the kind its parent's subtree has (`undefined` outside personal data; `null` inside a container).
 */
function kindOf(
  key: string,
  value: unknown,
  parent: PersonalKind | null | undefined,
): PersonalKind | null | undefined {
  // `address`: a crypto address as text, a street address as an object.
  if (key === 'address') return typeof value === 'string' ? 'account_number' : null;
  const listed = PERSONAL_FIELDS[key];
  if (listed) return parent && parent !== 'non_personal' ? parent : listed;
  if (PERSONAL_CONTAINERS.has(key)) return parent ?? null;
  if (parent === null) return INSIDE_FIELDS[key] ?? null;
  return parent;
}

/**
 * Members personal in an address of the service's book of crypto addresses (an object with a
 * `crypto_network`, or a write's body that is one) and nowhere else: its nickname says whose
 * wallet it is ("Alice: BTC payouts"). A profile's nickname is the console's name for a balance.
 */
export const ADDRESS_BOOK_FIELDS: Readonly<Record<string, PersonalKind>> = {
  nickname: 'free_text',
};

/**
 * A copy of `value` as a role that sees personal data masked sees it: every member classified by
 * the table masked by its kind, members of personal containers by theirs (free text when
 * unclassified), everything else whole. Flags (booleans) and nulls are never masked. `kind`: the
 * kind of `value` itself; `address`: `value` is an address of the book (see above).
 */
export function maskPersonalFields(
  value: unknown,
  kind: PersonalKind | null | undefined = undefined,
  address = false,
): unknown {
  if (Array.isArray(value)) return value.map((item) => maskPersonalFields(item, kind));
  if (typeof value === 'object' && value !== null) {
    const ofAddress = address || 'crypto_network' in value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        maskPersonalFields(
          item,
          (ofAddress && kind === undefined ? ADDRESS_BOOK_FIELDS[key] : undefined) ??
            kindOf(key, item, kind),
        ),
      ]),
    );
  }
  if (kind === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number') {
    return maskByKind(kind ?? 'free_text', String(value));
  }
  return value;
}

/**
 * The kind of the field at a dotted `path` ("fiat_account_owner.person_details.last_name"): what a
 * change, a batch column or a fact of one field is masked as. Undefined: not personal.
 */
export function kindOfPath(path: string): PersonalKind | undefined {
  const segments = path.split('.');
  let kind: PersonalKind | null | undefined;
  segments.forEach((segment, i) => {
    // The last segment is a value: an `address` there is a crypto address, not a street's parts.
    kind = kindOf(segment, i === segments.length - 1 ? '' : {}, kind);
  });
  return kind === null ? 'free_text' : kind;
}
