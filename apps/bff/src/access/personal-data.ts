/**
 * Personal data and who sees it (issue 15, item 16). A fiat account's owner and bank details,
 * addresses, and metadata (free text that often carries names and notes) are personal data: a
 * `viewer` sees them masked to their last four characters; the roles whose work needs them see
 * them whole. Applied in the BFF, so the browser of a viewer never receives them; every answer
 * that carries service records or request bodies goes through `forRole`/`entryForRole`.
 */
import type { JournalEntry, Role } from '@console/schemas';

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
]);

/** The roles that see personal data whole. */
export function seesPersonalData(role: Role): boolean {
  return role !== 'viewer';
}

/** `Lovelace` → `••••lace`; four characters or fewer are masked entirely. */
export function maskText(text: string): string {
  const chars = [...text];
  return chars.length > 4 ? `••••${chars.slice(-4).join('')}` : '••••';
}

/** A copy with every text (and number) under a personal member masked; other members as they are. */
export function maskPersonal(value: unknown, inside = false): unknown {
  if (Array.isArray(value)) return value.map((item) => maskPersonal(item, inside));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        maskPersonal(item, inside || PERSONAL_KEYS.has(key)),
      ]),
    );
  }
  if (inside && (typeof value === 'string' || typeof value === 'number')) {
    return maskText(String(value));
  }
  return value;
}

/** The value as `role` may see it. */
export function forRole<T>(role: Role, value: T): T {
  return seesPersonalData(role) ? value : (maskPersonal(value) as T);
}

/**
 * A journal entry as `role` may see it: for a viewer, the request body (re-serialised) and the
 * service's answer masked. `body_sha256` stays the hash of the exact bytes that were sent.
 */
export function entryForRole(role: Role, entry: JournalEntry): JournalEntry {
  if (seesPersonalData(role)) return entry;
  let body: string;
  try {
    body = JSON.stringify(maskPersonal(JSON.parse(entry.request_body)));
  } catch {
    body = maskText(entry.request_body);
  }
  return { ...entry, request_body: body, response: maskPersonal(entry.response) };
}
