/**
 * Personal data and who sees it (issue 15, item 16; issue 32, findings 1 and 2). A fiat account's
 * owner and bank details, addresses, and metadata (free text that often carries names and notes)
 * are personal data. A `viewer` sees them masked to their last four characters; a record whose read
 * names the roles that see it whole (a fiat account: support and admin, `fullRecordRoles` of Get
 * Fiat Account) is masked the same way for every other role, wherever it appears: read through the
 * proxy, kept as an approval's snapshot, or stored in the journal as the body and answer of the
 * write that changed it. Applied in the BFF, so the browser of a role that may not see the data
 * never receives it. This module is the one place that decides; the journal, the work queue and
 * the approvals hand out only entries that went through `entryForRole`.
 */
import {
  isConsoleActionId,
  isWriteOperationId,
  restrictedRecordOf,
  seesWholeRecord,
  type JournalEntry,
  type ReadOperationId,
  type Role,
} from '@console/schemas';

/** Members whose whole subtree is personal. */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  'fiat_account_owner',
  'fiat_network_instructions',
  'person_details',
  'first_name',
  'last_name',
  'account_number',
  'routing_number',
  'routing_details',
  'bank_name',
  'bank_address',
  'fiat_account_owner_address',
  'address',
  'address1',
  'address2',
  'destination_address',
  'memo',
  'metadata',
  'recipient_metadata',
  // Free text, like metadata: an account's description is often its holder's name
  // ("Alice Moreau: market making"), and nothing keeps a profile's from being one.
  'description',
]);

/**
 * The roles that see personal data at all: a viewer never does, nor an auditor (issue 41), who
 * sees it masked as a viewer does: the trail's evidence needs no one's bank details in full.
 */
export function seesPersonalData(role: Role): boolean {
  return role !== 'viewer' && role !== 'auditor';
}

/**
 * True when `role` sees whole the personal data of a record of `read` (null: a record no read
 * restricts further, such as a transfer's destination).
 */
export function seesWhole(role: Role, read: ReadOperationId | null): boolean {
  return seesPersonalData(role) && (read === null || seesWholeRecord(role, read));
}

/** `Lovelace` → `••••lace`; four characters or fewer are masked entirely. */
export function maskText(text: string): string {
  const chars = [...text];
  return chars.length > 4 ? `••••${chars.slice(-4).join('')}` : '••••';
}

/**
 * Members personal in an address of the service's book of crypto addresses (an object with a
 * `crypto_network`) and nowhere else (issue 55, finding 9): its nickname says whose wallet it is
 * ("Alice: BTC payouts"). A profile's nickname is the console's own name for a balance, and stays.
 */
const ADDRESS_KEYS: ReadonlySet<string> = new Set(['nickname']);

/** Writes whose body is an address of the book even without its network: a rename by id. */
const ADDRESS_BODIES: ReadonlySet<string> = new Set(['putCryptoDestinationAddress']);

/**
 * A read's query parameters that filter by what a role that sees personal data masked sees
 * masked: refused for such a role, since a filter would tell whether a guess is right.
 */
export const MASKED_FILTERS: Readonly<Record<string, readonly string[]>> = {
  listCryptoDestinationAddresses: ['nicknames', 'addresses'],
};

/**
 * A copy with every text (and number) under a personal member masked; other members as they are.
 * `address`: the value is an address of the book (see `ADDRESS_BODIES`).
 */
export function maskPersonal(value: unknown, inside = false, address = false): unknown {
  if (Array.isArray(value)) return value.map((item) => maskPersonal(item, inside));
  if (typeof value === 'object' && value !== null) {
    const ofAddress = address || 'crypto_network' in value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        maskPersonal(
          item,
          inside || PERSONAL_KEYS.has(key) || (ofAddress && ADDRESS_KEYS.has(key)),
        ),
      ]),
    );
  }
  if (inside && (typeof value === 'string' || typeof value === 'number')) {
    return maskText(String(value));
  }
  return value;
}

/** A record of `read` (null: of no restricted read) as `role` may see it. */
export function recordForRole<T>(role: Role, read: ReadOperationId | null, value: T): T {
  return seesWhole(role, read) ? value : (maskPersonal(value) as T);
}

/** A write's body (or its fields) of `operation` as `role` may see it. */
export function bodyForRole<T>(role: Role, operation: string, value: T): T {
  if (seesWhole(role, recordOfOperation(operation))) return value;
  return maskPersonal(value, false, ADDRESS_BODIES.has(operation)) as T;
}

/**
 * The read that restricts what a journal entry of `operation` carries. An operation the console
 * no longer knows is treated as the most restricted: its body could be anything.
 */
export function recordOfOperation(operation: string): ReadOperationId | null {
  // A console action's body (an entry of the book) is restricted by no read: masked for a viewer.
  if (isConsoleActionId(operation)) return null;
  return isWriteOperationId(operation) ? restrictedRecordOf(operation) : 'getFiatAccount';
}

/**
 * A journal entry as `role` may see it: where the role may not see its record whole, the request
 * body (re-serialised) and the service's answer masked. `body_sha256` stays the hash of the exact
 * bytes that were sent.
 */
export function entryForRole<E extends JournalEntry>(role: Role, entry: E): E {
  if (seesWhole(role, recordOfOperation(entry.operation))) return entry;
  let body: string;
  try {
    body = JSON.stringify(
      maskPersonal(JSON.parse(entry.request_body), false, ADDRESS_BODIES.has(entry.operation)),
    );
  } catch {
    body = maskText(entry.request_body);
  }
  return { ...entry, request_body: body, response: maskPersonal(entry.response) };
}
