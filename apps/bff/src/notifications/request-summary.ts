/**
 * What a journal entry asks for, in the few words a message carries and as the screen says them:
 * the operation, the amount in figures (`5,000.00 USD`, the pages' format) and words, and where
 * it goes from and to ("Treasury → Payouts"), named where the console knows a name (profiles by
 * nickname, the owner of a fiat account from the snapshot it kept). Built from the entry as the recipient's role may see
 * it (`entryForRole`, `recordForRole`): a message never shows what its reader's page would mask.
 */
import {
  CONSOLE_ACTIONS,
  formatAmountIn,
  isConsoleActionId,
  isWriteOperationId,
  journalFacts,
  operations,
  type JournalEntry,
} from '@console/schemas';
import type { Role } from '@console/schemas';
import { entryForRole, recordForRole } from '../access/personal-data';
import { amountInWords } from './amount-words';

export interface RequestSummary {
  operation: string;
  /** `1,250.50 USD` as the pages write it, or null for an operation without an amount. */
  amount: string | null;
  /** `one hundred twenty-five point five zero USD`. */
  amountWords: string | null;
  /** Where it goes or what it changes, in words; null when nothing is named. */
  destination: string | null;
  /** A transfer's two profiles as the review shows them, "Treasury → Payouts"; else null. */
  parties: string | null;
}

/** Profile id → nickname, as far as the console could read them (`profile-names.ts`). */
export type NameOf = ReadonlyMap<string, string>;

/** Messages are written in English: amounts are grouped as an English page groups them. */
const MESSAGE_LOCALE = 'en';

/** The profile ids a request names, whose nicknames its messages say. */
export function profileIdsOf(entry: JournalEntry): string[] {
  const body = parse(entry.request_body);
  const ids = [body.from_profile_id, body.to_profile_id, body.profile_id];
  if (isObject(body.destination) && isObject(body.destination.profile)) {
    ids.push(body.destination.profile.profile_id);
  }
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function parse(body: string): Json {
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** An orchestration's destination: the one member it names (profile, crypto or fiat). */
function endpoint(value: unknown, names: NameOf): string | undefined {
  if (!isObject(value)) return undefined;
  if (isObject(value.profile)) return profileName(value.profile.profile_id, names) ?? 'profile ?';
  if (isObject(value.crypto)) {
    const c = value.crypto;
    return `crypto address ${text(c.address) ?? text(c.address_id) ?? '?'}${text(c.network) ? ` on ${text(c.network)}` : ''}`;
  }
  if (isObject(value.fiat)) return `fiat account ${text(value.fiat.fiat_account_id) ?? '?'}`;
  return undefined;
}

/** A fiat account's owner by name: a person's first and last name, or an institution's. */
function ownerName(record: Json | undefined): string | undefined {
  const owner = record && isObject(record.fiat_account_owner) ? record.fiat_account_owner : {};
  if (isObject(owner.person_details)) {
    const name = [text(owner.person_details.first_name), text(owner.person_details.last_name)]
      .filter(Boolean)
      .join(' ');
    return name || undefined;
  }
  if (isObject(owner.institution_details)) return text(owner.institution_details.name);
  return undefined;
}

/** A profile by its nickname, as the pages name it; by its id where the console has no name. */
function profileName(id: unknown, names: NameOf): string | undefined {
  const known = text(id);
  return known && (names.get(known) ?? `profile ${known}`);
}

function destinationOf(entry: JournalEntry, body: Json, snapshot: Json | undefined, names: NameOf) {
  const profile = (id: unknown, account: unknown) =>
    text(id) && `${profileName(id, names)}${text(account) ? `, account ${text(account)}` : ''}`;
  switch (entry.operation) {
    case 'createInternalTransfer':
    case 'createSvcTransfer':
      return profile(body.to_profile_id, body.to_account_id);
    case 'createOrchestration':
    case 'createOrchestrationRule':
      return endpoint(body.destination, names);
    case 'updateFiatAccount':
    case 'deleteFiatAccount': {
      const id = /\/fiat-accounts\/([^/?]+)/.exec(entry.request_path)?.[1];
      const name = ownerName(snapshot);
      return `fiat account ${id ? decodeURIComponent(id) : '?'}${name ? ` of ${name}` : ''}`;
    }
    case 'cancelOrder':
      return text(body.id) && `order ${text(body.id)}`;
    case 'createOrder':
      return text(body.market) && `market ${text(body.market)}`;
    default:
      return undefined;
  }
}

/**
 * The summary of `entry` for a reader of `role`; `snapshot` is the record the request changes
 * as the console read it when the request was made (a fiat account), where one was kept.
 */
export function summarize(
  entry: JournalEntry,
  role: Role,
  snapshot?: Json | null,
  names: NameOf = new Map(),
): RequestSummary {
  const seen = entryForRole(role, entry);
  const facts = journalFacts(seen);
  const body = parse(seen.request_body);
  const amount = facts.amount
    ? `${formatAmountIn(facts.amount, facts.asset ?? undefined, MESSAGE_LOCALE)}${facts.asset ? ` ${facts.asset}` : ''}`
    : null;
  const from = profileName(body.from_profile_id ?? body.profile_id, names);
  const to = destinationOf(seen, body, record(role, snapshot), names);
  return {
    operation: isWriteOperationId(entry.operation)
      ? operations[entry.operation].title
      : isConsoleActionId(entry.operation)
        ? CONSOLE_ACTIONS[entry.operation].title
        : entry.operation,
    amount,
    amountWords: facts.amount
      ? `${amountInWords(facts.amount)}${facts.asset ? ` ${facts.asset}` : ''}`
      : null,
    destination: to ?? null,
    parties: from && to && MOVES_MONEY.has(entry.operation) ? `${from} → ${to}` : null,
  };
}

/** The operations whose review shows "from → to". */
const MOVES_MONEY: ReadonlySet<string> = new Set([
  'createInternalTransfer',
  'createSvcTransfer',
  'createOrchestration',
  'createOrchestrationRule',
]);

const record = (role: Role, snapshot: Json | null | undefined) =>
  snapshot ? recordForRole(role, 'getFiatAccount', snapshot) : undefined;
