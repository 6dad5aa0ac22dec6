import { isRecord } from '@console/schemas';
import type { NameOf } from './record-names';
import type { RecordRef } from './record-ref';

/** One side of a request: a record the console can name, or words (a network, instructions). */
export type Party = { record: RecordRef } | { text: string };

/** Where a request moves money from and to, or which record it acts on. */
export interface Parties {
  from?: Party;
  to?: Party;
  /** The record an update, a delete or a cancel acts on; the profile of an order. */
  about?: Party;
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const ref = (kind: RecordRef['kind'], id: string | undefined): Party | undefined =>
  id ? { record: { kind, id } } : undefined;

/** A source or destination rail as a party: its crypto address, fiat account or profile. */
function railParty(rail: unknown): Party | undefined {
  if (!isRecord(rail)) return undefined;
  const { crypto, fiat, profile } = rail;
  if (isRecord(crypto)) {
    return (
      ref('deposit-address', str(crypto.address_id)) ??
      ref('address', str(crypto.address)) ??
      (str(crypto.network) ? { text: `any ${str(crypto.network)} deposit` } : undefined)
    );
  }
  if (isRecord(fiat)) {
    return (
      ref('fiat-account', str(fiat.fiat_account_id)) ??
      (str(fiat.deposit_instructions_id)
        ? { text: `fiat deposit instructions ${str(fiat.deposit_instructions_id)}` }
        : str(fiat.network)
          ? { text: `any ${str(fiat.network)} deposit` }
          : undefined)
    );
  }
  if (isRecord(profile)) return ref('profile', str(profile.profile_id));
  return undefined;
}

/**
 * The address book entry a Put names: a new address by its network and address, or one the book
 * holds by its id; with the nickname it is to have.
 */
function bookEntry(fields: Record<string, unknown>): Party | undefined {
  const nickname = str(fields.nickname);
  const named = nickname ? `, named “${nickname}”` : '';
  const address = str(fields.address);
  if (address)
    return { text: `${str(fields.crypto_network) ?? ''} address ${address}${named}`.trim() };
  const id = str(fields.id);
  return id ? { text: `destination address ${id}${named}` } : undefined;
}

/** The destination a new entry of the book of allowed destinations names (issue 66). */
function allowedDestination(target: unknown): Party | undefined {
  if (!isRecord(target)) return undefined;
  switch (target.kind) {
    case 'own-profile':
    case 'counterparty-profile':
      return ref('profile', str(target.profile_id));
    case 'fiat-account':
      return ref('fiat-account', str(target.fiat_account_id));
    case 'crypto-address':
      return ref('address', str(target.address));
    default:
      return undefined;
  }
}

/** A proposed version of the approval policy in words: the version it is based on, the reason. */
function policyVersion(fields: Record<string, unknown>): Party {
  const base = typeof fields.based_on === 'number' ? ` replacing version ${fields.based_on}` : '';
  const reason = str(fields.reason);
  return { text: `A new approval policy${base}${reason ? `: “${reason}”` : ''}` };
}

/**
 * The parties of a request, from its fields as the form had them (path parameters included):
 * a transfer's two profiles, an orchestration's source and destination, the fiat account an
 * update or delete changes, the rule a delete removes, the order a cancel names.
 *
 * @example
 * requestParties('createInternalTransfer', { from_profile_id: 'p-1', to_profile_id: 'p-2' });
 * // { from: { record: { kind: 'profile', id: 'p-1' } }, to: { record: { kind: 'profile', id: 'p-2' } } }
 */
export function requestParties(operation: string, fields: Record<string, unknown>): Parties {
  switch (operation) {
    case 'createInternalTransfer':
    case 'createSvcTransfer':
      return {
        ...withParty('from', ref('profile', str(fields.from_profile_id))),
        ...withParty('to', ref('profile', str(fields.to_profile_id))),
      };
    case 'createOrchestration':
    case 'createOrchestrationRule':
      return {
        ...withParty('from', railParty(fields.source) ?? ref('profile', str(fields.profile_id))),
        // A rule without a destination credits the profile itself.
        ...withParty('to', railParty(fields.destination) ?? ref('profile', str(fields.profile_id))),
      };
    case 'updateFiatAccount':
    case 'deleteFiatAccount':
      return withParty('about', ref('fiat-account', str(fields.id)));
    case 'deleteOrchestrationRule':
      return withParty('about', ref('rule', str(fields.id)));
    case 'cancelOrder':
      return withParty('about', ref('order', str(fields.id)));
    case 'putCryptoDestinationAddress':
      return withParty('about', bookEntry(fields));
    case 'addAllowedDestination':
      return withParty('about', allowedDestination(fields.target));
    case 'proposePolicyVersion':
      // The queue's one line for a policy version (issue 66): what it replaces, and why.
      return withParty('about', policyVersion(fields));
    default:
      return withParty('about', ref('profile', str(fields.profile_id)));
  }
}

function withParty(side: keyof Parties, party: Party | undefined): Parties {
  return party ? { [side]: party } : {};
}

/** A party in words: the record's name, else its kind and id; the words of a rail as they are. */
export function partyText(party: Party, nameOf: NameOf): string {
  if ('text' in party) return party.text;
  const named = nameOf(party.record);
  return named ?? `${party.record.kind.replace('-', ' ')} ${party.record.id}`;
}

/** "Treasury → Payouts", or "fiat account Acme Bank · Wire ending 6789": for a list or a CSV. */
export function partiesText(parties: Parties, nameOf: NameOf): string {
  if (parties.from || parties.to) {
    const side = (p: Party | undefined) => (p ? partyText(p, nameOf) : '?');
    return `${side(parties.from)} → ${side(parties.to)}`;
  }
  return parties.about ? partyText(parties.about, nameOf) : '';
}
