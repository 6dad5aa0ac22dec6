/**
 * Personal data and who sees it (issue 15, item 16; issue 32, findings 1 and 2; issue 67). A fiat
 * account's owner and bank details, addresses, and metadata (free text that often carries names
 * and notes) are personal data, each field masked by its kind as the table beside the schemas
 * says (`personal-fields.ts`: names to initials, account numbers to their last four…). A `viewer`
 * sees them masked; a record whose read
 * names the roles that see it whole (a fiat account: support and admin, `fullRecordRoles` of Get
 * Fiat Account) is masked the same way for every other role, wherever it appears: read through the
 * proxy, kept as an approval's snapshot, or stored in the journal as the body and answer of the
 * write that changed it. Applied in the BFF, so the browser of a role that may not see the data
 * never receives it. This module is the one place that decides; the journal, the work queue and
 * the approvals hand out only entries that went through `entryForRole`.
 */
import {
  isConsoleActionId,
  maskByKind,
  maskPersonalFields,
  isWriteOperationId,
  restrictedRecordOf,
  seesWholeRecord,
  type JournalEntry,
  type ReadOperationId,
  type Role,
} from '@console/schemas';

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

/**
 * A text quoted out of its field (a destination in a reconciliation difference, a body that is
 * not JSON): shown as an account number is, its last four, the most any kind shows.
 */
export function maskText(text: string): string {
  return maskByKind('account_number', text);
}

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
 * A copy masked by kind of data, by the one table beside the schemas (`personal-fields.ts`).
 * `address`: the value is an address of the book (see `ADDRESS_BODIES`).
 */
export function maskPersonal(value: unknown, address = false): unknown {
  return maskPersonalFields(value, undefined, address);
}

/** A record of `read` (null: of no restricted read) as `role` may see it. */
export function recordForRole<T>(role: Role, read: ReadOperationId | null, value: T): T {
  return seesWhole(role, read) ? value : (maskPersonal(value) as T);
}

/** A write's body (or its fields) of `operation` as `role` may see it. */
export function bodyForRole<T>(role: Role, operation: string, value: T): T {
  if (seesWhole(role, recordOfOperation(operation))) return value;
  return maskPersonal(value, ADDRESS_BODIES.has(operation)) as T;
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
      maskPersonal(JSON.parse(entry.request_body), ADDRESS_BODIES.has(entry.operation)),
    );
  } catch {
    body = maskText(entry.request_body);
  }
  return {
    ...entry,
    request_body: body,
    body_masked: true,
    response: maskPersonal(entry.response),
  };
}
