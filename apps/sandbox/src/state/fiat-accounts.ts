import { iso } from '../clock';
import type { SandboxState } from './store';

/** An update stays PENDING this long, then becomes APPROVED (or REJECTED, see below). */
export const FIAT_REVIEW_MS = 5_000;

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
 * Merges an update into a stored object: members the update leaves out are kept, objects are
 * merged member by member, and any other value (text, a metadata object) replaces the stored one.
 */
export function mergeUpdate(
  stored: unknown,
  update: unknown,
  replaceWhole: (key: string) => boolean,
): unknown {
  if (!isObject(update) || !isObject(stored)) return structuredClone(update);
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(update)) {
    out[key] = replaceWhole(key)
      ? structuredClone(value)
      : mergeUpdate(stored[key], value, replaceWhole);
  }
  return out;
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
