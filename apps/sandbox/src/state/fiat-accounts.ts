import { iso } from '../clock';
import { fieldError, notFound } from '../problem';
import type { FiatAccountState, SandboxState } from './store';

/**
 * The documented trigger for a rejection: after the update, the wire account number (of the
 * account or of its owner's instructions) starts with `000`.
 */
export function rejects(record: Record<string, unknown>): boolean {
  const numbers = [
    (record.fiat_network_instructions as Wire | undefined)?.wire?.account_number,
    (record.fiat_account_owner as { fiat_network_instructions?: Wire } | undefined)
      ?.fiat_network_instructions?.wire?.account_number,
  ];
  return numbers.some((n) => typeof n === 'string' && n.startsWith('000'));
}
type Wire = { wire?: { account_number?: unknown } };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merges an update (already without blanks, see `withoutBlanks`) into a stored object: members
 * the update leaves out are kept, objects are merged member by member, and any other value (text,
 * a metadata object) replaces the stored one.
 */
export function mergeUpdate(
  stored: unknown,
  update: unknown,
  replaceWhole: (key: string) => boolean,
): unknown {
  if (!isObject(update)) return structuredClone(update);
  const base = isObject(stored) ? stored : {};
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(update)) {
    out[key] = replaceWhole(key)
      ? structuredClone(value)
      : mergeUpdate(base[key], value, replaceWhole);
  }
  return out;
}

/**
 * An update as the service reads it: `null` and empty-string members dropped at every depth, so
 * they neither clear nor change anything. Metadata objects are kept as sent: they replace whole.
 */
export function withoutBlanks(value: unknown, key = ''): unknown {
  if (!isObject(value) || key === 'metadata') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === '') continue;
    out[k] = withoutBlanks(v, k);
  }
  return out;
}

const OWNER_KINDS = { person_details: 'a person', institution_details: 'an institution' } as const;

/**
 * The owner is a person or an institution for good: an update may change the details of the
 * kind the account has, never switch it (400).
 */
export function requireSameOwnerKind(stored: unknown, update: unknown): void {
  const kindOf = (owner: unknown) =>
    (Object.keys(OWNER_KINDS) as (keyof typeof OWNER_KINDS)[]).find(
      (k) => isObject(owner) && isObject(owner[k]),
    );
  const was = kindOf(stored);
  const asked = kindOf(update);
  if (was && asked && was !== asked) {
    throw fieldError(
      `fiat_account_owner.${asked}`,
      `the owner is ${OWNER_KINDS[was]}; an update cannot make it ${OWNER_KINDS[asked]}`,
    );
  }
}

/**
 * A fiat account that may be read or changed, or 404. A deleted one is found only when the
 * caller asks for deleted accounts (Get Fiat Account's `include_deleted`).
 */
export function fiatAccountOr404(
  state: SandboxState,
  id: string,
  includeDeleted = false,
): FiatAccountState {
  const account = state.fiat_accounts.get(id);
  if (!account || (account.deleted_at !== undefined && !includeDeleted)) {
    throw notFound(`id: fiat account ${id} does not exist`);
  }
  return account;
}

/**
 * Delete Fiat Account: no new transfer to it can start, and reads leave it out unless asked.
 * Deleting it again changes nothing, so a retried delete is not an error.
 */
export function deleteFiatAccount(state: SandboxState, id: string, now: number): void {
  const account = state.fiat_accounts.get(id);
  if (!account) throw notFound(`id: fiat account ${id} does not exist`);
  account.deleted_at ??= now;
}

/** The account in full, as Get Fiat Account answers it. */
export function fiatAccountView(account: FiatAccountState): Record<string, unknown> {
  return structuredClone(account.record);
}

/** The last four characters behind `XXXX`, as List Fiat Accounts shows account numbers. */
export function lastFour(value: string): string {
  return `XXXX${value.slice(-4)}`;
}

const NUMBER_KEYS = new Set(['account_number', 'wallet_address']);

function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shorten);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === 'fiat_account_owner_address') continue;
    out[key] =
      NUMBER_KEYS.has(key) && typeof member === 'string' ? lastFour(member) : shorten(member);
  }
  return out;
}

/**
 * The account as List Fiat Accounts shows it: the owner's name and address left out, account
 * numbers (and wallet addresses) reduced to their last four characters.
 */
export function fiatAccountListView(account: FiatAccountState): Record<string, unknown> {
  const { fiat_account_owner: _owner, ...rest } = account.record;
  return shorten(rest) as Record<string, unknown>;
}

/** Settles the PENDING fiat accounts whose review time has come. */
export function advanceFiatAccounts(state: SandboxState, now: number): void {
  for (const account of state.fiat_accounts.values()) {
    if (account.settles_at === undefined || now < account.settles_at) continue;
    account.record.status = account.settles_to ?? 'APPROVED';
    account.record.updated_at = iso(account.settles_at);
    account.settles_at = undefined;
    account.settles_to = undefined;
  }
}
