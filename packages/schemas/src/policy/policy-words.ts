import Big from 'big.js';
import type { Role } from '../primitives/roles';
import { operations, type WriteOperationId } from '../registry';
import type {
  AmountBand,
  DestinationCondition,
  HoldAction,
  PolicyAction,
  PolicyRule,
} from './policy-document';

/*
 * A policy rule in the words an operator reads on the editor and the approval page: "Internal
 * transfers of USD above 10,000 need 2 approvers from finance or admin". Amounts keep the digits
 * they were written with and gain thousands separators; they never pass through `Number`.
 */

/** A decimal string with thousands separators: "10000.50" → "10,000.50". Text only, no `Number`. */
export function groupDigits(value: string): string {
  const [whole = '', fraction] = value.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "a", "a or b", "a, b or c". */
export function either(items: readonly string[], word = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (noun: string) => (noun.endsWith('s') ? `${noun}es` : `${noun}s`);

/** How a title's verb reads as a noun of the request: "Update fiat account" → "fiat account updates". */
const VERB_NOUNS: Readonly<Record<string, string>> = {
  Update: 'updates',
  Delete: 'deletions',
  Cancel: 'cancellations',
  Save: 'saves',
  Quote: 'quotes',
};

/** The sends of one operation, from its registry title: "Create internal transfer" → "internal transfers". */
export function operationNoun(id: WriteOperationId): string {
  const title = operations[id].title;
  const [verb = '', ...rest] = title.split(' ');
  const object = rest.join(' ').toLowerCase();
  if (verb === 'Create') return plural(object);
  const noun = VERB_NOUNS[verb];
  return noun ? `${object} ${noun}` : `"${title}" sends`;
}

/** The operations a rule names, as the subject of its sentence, and whether it reads as plural. */
function subject(rule: Pick<PolicyRule, 'operations'>): { text: string; plural: boolean } {
  if (rule.operations === 'any') return { text: 'any send', plural: false };
  return { text: either(rule.operations.map(operationNoun), 'and'), plural: true };
}

export function operationsWords(condition: PolicyRule['operations']): string {
  return condition === 'any' ? 'any write' : either(condition.map((id) => operations[id].title));
}

export function assetsWords(condition: PolicyRule['assets']): string {
  return condition === 'any' ? 'any asset' : either(condition);
}

export function bandWords(band: AmountBand | undefined): string {
  if (!band) return 'any amount';
  const parts = [];
  if (band.above !== undefined) parts.push(`above ${groupDigits(band.above)}`);
  if (band.up_to !== undefined) parts.push(`at most ${groupDigits(band.up_to)}`);
  return parts.join(' and ');
}

/** A kind of destination with its article: "a crypto address". */
export const KIND_WORDS: Readonly<Record<string, string>> = {
  'crypto-address': 'a crypto address',
  'fiat-account': 'a fiat account',
  'counterparty-profile': "another svc customer's profile",
  'own-profile': 'one of our own profiles',
};

export function destinationWords(condition: DestinationCondition): string {
  if (condition === 'any') return 'anywhere';
  if (condition === 'book') return 'to an active entry of the book of allowed destinations';
  if (condition === 'not-book')
    return 'to a destination not active in the book of allowed destinations';
  if ('kind' in condition) return `to ${KIND_WORDS[condition.kind] ?? condition.kind}`;
  return `to the book's entry ${condition.entry}`;
}

/** Who initiates a send, by role. */
const ROLE_NOUNS: Readonly<Record<Role, string>> = {
  admin: 'an admin',
  finance: 'a finance operator',
  support: 'a support operator',
  viewer: 'a viewer',
  auditor: 'an auditor',
};

export function initiatorWords(condition: PolicyRule['initiator_roles']): string {
  return condition === 'any' ? 'anyone' : either(condition.map((role) => ROLE_NOUNS[role]));
}

const approversWords = (action: Pick<HoldAction, 'approvers' | 'roles'>) =>
  `${action.approvers} approver${action.approvers === 1 ? '' : 's'} from ${either(action.roles)}`;

const waitWords = (hours: number | undefined) =>
  hours === undefined ? '' : `, within ${hours} hour${hours === 1 ? '' : 's'}`;

/** What an action does, as the predicate of a sentence whose subject is plural or not. */
export function actionWords(action: PolicyAction, isPlural = true): string {
  const s = isPlural ? '' : 's';
  switch (action.kind) {
    case 'send':
      return `go${isPlural ? '' : 'es'} out at once`;
    case 'hold':
      return `need${s} ${approversWords(action)}${waitWords(action.max_wait_hours)}`;
    case 'escalate':
      return `need${s} ${approversWords(action)}, one of them ${either(action.escalate_to)}${waitWords(action.max_wait_hours)}`;
    case 'refuse':
      return `${isPlural ? 'are' : 'is'} refused: ${action.reason}`;
  }
}

/**
 * How a threshold reads a market order, said after the band of a rule that names orders: it has
 * no notional before it fills, so its size is priced when the send is decided.
 */
export function marketOrderBandWords(marginPercent?: string): string {
  const margin = marginPercent === undefined ? "the policy's margin" : `${marginPercent} %`;
  return `(a market order by its notional estimated at the price read when it is decided, plus ${margin})`;
}

/**
 * A rule in one sentence. `marginPercent`, the document's market order margin, is named in the
 * words of a threshold on orders; without it they say "the policy's margin".
 */
export function ruleWords(rule: PolicyRule, marginPercent?: string): string {
  const who = subject(rule);
  const ordersOnly =
    rule.operations !== 'any' && rule.operations.every((id) => id === 'createOrder');
  const parts = [capitalise(who.text)];
  if (rule.assets !== 'any') {
    // Orders compare their notional, in the market's quote currency.
    parts.push(ordersOnly ? `quoted in ${either(rule.assets)}` : `of ${either(rule.assets)}`);
  }
  if (rule.amount) parts.push(bandWords(rule.amount));
  if (rule.amount && rule.operations !== 'any' && rule.operations.includes('createOrder')) {
    parts.push(marketOrderBandWords(marginPercent));
  }
  if (rule.destination !== 'any') parts.push(destinationWords(rule.destination));
  if (rule.initiator_roles !== 'any') parts.push(`by ${initiatorWords(rule.initiator_roles)}`);
  parts.push(actionWords(rule.action, who.plural));
  return parts.join(' ');
}

/**
 * A number of hours as an operator reads it: "24 h", "1.5 h", under an hour in minutes ("3 min"),
 * none as "none". Through big.js, so 0.05 h reads 3 min, not 3.0000000000000004.
 */
export function hoursWords(hours: number): string {
  if (hours === 0) return 'none';
  if (hours >= 1) return `${new Big(String(hours)).toFixed()} h`;
  return `${new Big(String(hours)).times(60).round(2).toFixed()} min`;
}

/** The default in one sentence: "Any other send needs 1 approver from admin". */
export function defaultRuleWords(action: HoldAction): string {
  return `Any other send ${actionWords(action, false)}`;
}
