/**
 * What a journal entry asks for, in the few words a message carries: the operation, the amount
 * in figures and words, and where it goes, named where the console knows a name (the owner of a
 * fiat account, from the snapshot it kept). Built from the entry as the recipient's role may see
 * it (`entryForRole`, `recordForRole`): a message never shows what its reader's page would mask.
 */
import {
  CONSOLE_ACTIONS,
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
  /** `125.50 USD`, or null for an operation without an amount. */
  amount: string | null;
  /** `one hundred twenty-five point five zero USD`. */
  amountWords: string | null;
  /** Where it goes or what it changes, in words; null when nothing is named. */
  destination: string | null;
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
function endpoint(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (isObject(value.profile)) return `profile ${text(value.profile.profile_id) ?? '?'}`;
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

function destinationOf(entry: JournalEntry, body: Json, snapshot: Json | undefined) {
  const profile = (id: unknown, account: unknown) =>
    text(id) && `profile ${text(id)}${text(account) ? `, account ${text(account)}` : ''}`;
  switch (entry.operation) {
    case 'createInternalTransfer':
    case 'createSvcTransfer':
      return profile(body.to_profile_id, body.to_account_id);
    case 'createOrchestration':
    case 'createOrchestrationRule':
      return endpoint(body.destination);
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
export function summarize(entry: JournalEntry, role: Role, snapshot?: Json | null): RequestSummary {
  const seen = entryForRole(role, entry);
  const facts = journalFacts(seen);
  const amount = facts.amount ? `${facts.amount}${facts.asset ? ` ${facts.asset}` : ''}` : null;
  const record = snapshot ? recordForRole(role, 'getFiatAccount', snapshot) : undefined;
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
    destination: destinationOf(seen, parse(seen.request_body), record) ?? null,
  };
}
