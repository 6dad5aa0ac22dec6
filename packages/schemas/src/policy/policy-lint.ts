import Big from 'big.js';
import { ASSET_PRECISION } from '../primitives/assets';
import { MARKETS, marketAssets } from '../primitives/trading-enums';
import { ROLES } from '../primitives/roles';
import { operations, WRITE_OPERATION_IDS, type WriteOperationId } from '../registry';
import type {
  AmountBand,
  DestinationCondition,
  PolicyDocumentV2,
  PolicyRule,
} from './policy-document';
import { hasAmount } from './policy-engine';
import { destinationWords, groupDigits } from './policy-words';

/*
 * What the editor shows as the operator types (issue 38): rules that can never match or that an
 * earlier rule hides, assets the service does not know, conditions an operation cannot meet.
 * Each problem names its rule (index and id), the member, and says what is wrong in a sentence.
 */

export const POLICY_PROBLEM_CODES = [
  'duplicate-id',
  'never-matches',
  'unknown-asset',
  'no-amount',
  'no-destination',
  'hidden',
] as const;
export type PolicyProblemCode = (typeof POLICY_PROBLEM_CODES)[number];

export interface PolicyProblem {
  code: PolicyProblemCode;
  /** The rule's position (from 0) and id. */
  index: number;
  id: string;
  /** The member, from the document: `rules.2.amount`. */
  path: (string | number)[];
  message: string;
  /** For a hidden rule: the earlier rule that matches first every send it would. */
  hidden_by?: { index: number; id: string };
}

/** The assets an operation's amount may be in: an order's quote currencies, else every known asset. */
const QUOTE_CURRENCIES: readonly string[] = [...new Set(MARKETS.map((m) => marketAssets(m).quote))];
const knownAssets = (id: WriteOperationId): readonly string[] =>
  id === 'createOrder' ? QUOTE_CURRENCIES : Object.keys(ASSET_PRECISION);

const isEmptyBand = (band: AmountBand | undefined) =>
  band?.above !== undefined &&
  band.up_to !== undefined &&
  new Big(band.above).gte(new Big(band.up_to));

const operationsOf = (rule: PolicyRule): readonly WriteOperationId[] =>
  rule.operations === 'any' ? WRITE_OPERATION_IDS : rule.operations;

/** Whether every value of `later` is one of `earlier` (`any` for operations and roles is the whole list). */
function listContains<T>(
  earlier: 'any' | readonly T[],
  later: 'any' | readonly T[],
  all?: readonly T[],
) {
  if (earlier === 'any') return true;
  const values = later === 'any' ? all : later;
  return values !== undefined && values.every((value) => earlier.includes(value));
}

/** Whether every amount of band `later` falls in band `earlier`, compared as decimals. */
function bandContains(earlier: AmountBand | undefined, later: AmountBand | undefined) {
  if (!earlier) return true;
  // Without a band, the later rule matches every amount and the unknown one.
  if (!later) return false;
  const floorOk =
    earlier.above === undefined ||
    (later.above !== undefined && new Big(later.above).gte(new Big(earlier.above)));
  const ceilingOk =
    earlier.up_to === undefined ||
    (later.up_to !== undefined && new Big(later.up_to).lte(new Big(earlier.up_to)));
  return floorOk && ceilingOk;
}

function destinationContains(earlier: DestinationCondition, later: DestinationCondition) {
  if (earlier === 'any') return true;
  return JSON.stringify(earlier) === JSON.stringify(later);
}

/** Whether every send `later` matches is matched by `earlier`. */
export function ruleContains(earlier: PolicyRule, later: PolicyRule): boolean {
  return (
    listContains(earlier.operations, later.operations, WRITE_OPERATION_IDS) &&
    listContains(earlier.assets, later.assets) &&
    bandContains(earlier.amount, later.amount) &&
    destinationContains(earlier.destination, later.destination) &&
    listContains(earlier.initiator_roles, later.initiator_roles, ROLES)
  );
}

/** The problems of a document, in the order of its rules. */
export function lintPolicy(document: PolicyDocumentV2): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  const firstWithId = new Map<string, number>();
  document.rules.forEach((rule, index) => {
    const at = (member: string, code: PolicyProblemCode, message: string) =>
      problems.push({ code, index, id: rule.id, path: ['rules', index, member], message });
    const label = `Rule ${index + 1} (${rule.id})`;

    const first = firstWithId.get(rule.id);
    if (first === undefined) firstWithId.set(rule.id, index);
    else
      at(
        'id',
        'duplicate-id',
        `${label} has the same id as rule ${first + 1}: each rule needs its own id`,
      );

    const empty = isEmptyBand(rule.amount);
    if (empty && rule.amount) {
      at(
        'amount',
        'never-matches',
        `${label} can never match: no amount is above ${groupDigits(rule.amount.above!)} and at most ${groupDigits(rule.amount.up_to!)}`,
      );
    }

    const named = operationsOf(rule);
    if (rule.assets !== 'any') {
      for (const asset of rule.assets) {
        if (named.some((id) => knownAssets(id).includes(asset))) continue;
        const why = named.every((id) => id === 'createOrder')
          ? `orders compare their notional in a market's quote currency (${QUOTE_CURRENCIES.join(', ')}), and ${asset} is none of them`
          : `the service does not know the asset ${asset}`;
        at('assets', 'unknown-asset', `${label} names ${asset}, but ${why}`);
      }
    }

    if (rule.amount && rule.operations !== 'any') {
      const without = rule.operations.filter((id) => !hasAmount(id));
      if (without.length > 0) {
        at(
          'amount',
          'no-amount',
          `${label} gives an amount band, but ${without.map((id) => operations[id].title).join(', ')} carr${without.length === 1 ? 'ies' : 'y'} no amount, so the rule never matches ${without.length === 1 ? 'it' : 'them'}`,
        );
      }
    }

    if (rule.destination !== 'any' && rule.operations !== 'any') {
      const without = rule.operations.filter((id) => !operations[id].approval.destination);
      if (without.length > 0) {
        at(
          'destination',
          'no-destination',
          `${label} asks that money go ${destinationWords(rule.destination)}, but ${without.map((id) => operations[id].title).join(', ')} name${without.length === 1 ? 's' : ''} no destination, so the rule never matches ${without.length === 1 ? 'it' : 'them'}`,
        );
      }
    }

    if (empty) return;
    const earlier = document.rules
      .slice(0, index)
      .findIndex((other) => !isEmptyBand(other.amount) && ruleContains(other, rule));
    if (earlier !== -1) {
      const by = document.rules[earlier]!;
      problems.push({
        code: 'hidden',
        index,
        id: rule.id,
        path: ['rules', index],
        message: `${label} never decides anything: every send it matches is matched first by rule ${earlier + 1} (${by.id})`,
        hidden_by: { index: earlier, id: by.id },
      });
    }
  });
  return problems;
}
