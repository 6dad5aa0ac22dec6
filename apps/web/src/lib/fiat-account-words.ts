import { FIAT_RAILS, isRecord } from '@console/schemas';

/*
 * A fiat account in the words operators use: whose it is, over which rail, ending in which digits.
 * The list answers each account shortened (no owner, `XXXX5678`); the full record carries the
 * owner. Each function takes whichever it is given.
 */

type Account = {
  fiat_network_instructions?: Record<string, unknown> | undefined;
  fiat_account_owner?: Record<string, unknown> | undefined;
};

const RAIL_NAMES: Record<string, string> = {
  wire: 'Wire',
  cbit: 'CBIT',
  dbs_act: 'DBS ACT',
  cubix: 'CUBIX',
  scb: 'SCB',
  rtp: 'RTP',
};

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The rail the account's instructions use (the first one it holds), or undefined. */
export function railOf(account: Account): (typeof FIAT_RAILS)[number] | undefined {
  const instructions = account.fiat_network_instructions ?? {};
  return FIAT_RAILS.find((rail) => isRecord(instructions[rail]));
}

/** The number that tells accounts apart on their rail: account number, wallet or CUBIX id. */
export function accountNumberOf(account: Account): string | undefined {
  const rail = railOf(account);
  if (!rail) return undefined;
  const details = account.fiat_network_instructions![rail] as Record<string, unknown>;
  return str(details.account_number) ?? str(details.wallet_address) ?? str(details.account_id);
}

/** The last four characters, as the service lists them (`XXXX6789` → `6789`). */
export function lastDigits(number: string | undefined): string | undefined {
  return number ? number.slice(-4) : undefined;
}

/** "Wire ending 6789": the rail and the end of the number, what every view of the account has. */
export function railAndDigits(account: Account): string {
  const rail = railOf(account);
  const digits = lastDigits(accountNumberOf(account));
  const name = rail ? (RAIL_NAMES[rail] ?? rail) : 'No instructions';
  return digits ? `${name} ending ${digits}` : name;
}

/** The bank of a wire or RTP account, as its routing details name it. */
export function bankOf(account: Account): string | undefined {
  const rail = railOf(account);
  if (!rail) return undefined;
  const details = account.fiat_network_instructions![rail] as Record<string, unknown>;
  return isRecord(details.routing_details) ? str(details.routing_details.bank_name) : undefined;
}

/** Whose the account is: a person or an institution, and the name when the record carries it. */
export function ownerOf(account: Account): {
  kind: 'person' | 'institution' | undefined;
  name: string | undefined;
} {
  const owner = account.fiat_account_owner;
  if (isRecord(owner?.person_details)) {
    const p = owner.person_details;
    const name = [str(p.first_name), str(p.last_name)].filter(Boolean).join(' ');
    return { kind: 'person', name: name || undefined };
  }
  if (isRecord(owner?.institution_details)) {
    return { kind: 'institution', name: str(owner.institution_details.name) };
  }
  return { kind: undefined, name: undefined };
}

/** How a picker or a list names the account: the owner when known, else the bank, with its rail. */
export function fiatAccountName(account: Account): string {
  const who = ownerOf(account).name ?? bankOf(account);
  const rail = railAndDigits(account);
  return who ? `${who} · ${rail}` : rail;
}
