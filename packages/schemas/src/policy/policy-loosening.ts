import Big from 'big.js';
import { DESTINATION_KINDS } from '../destinations-api';
import { ROLES, type Role } from '../primitives/roles';
import { WRITE_OPERATION_IDS, type WriteOperationId } from '../registry';
import type { DestinationCondition, PolicyAction, PolicyDocumentV2 } from './policy-document';
import { decidePolicy, hasAmount, type PolicyDecision, type PolicyFacts } from './policy-engine';
import { actionWords, groupDigits, operationNoun } from './policy-words';

/*
 * What a new version of the policy lets through with fewer approvals than the version in force
 * (issue 55): the words the approver reads before approving it, and the security event it
 * records. Rules are first match wins, so no rule-by-rule diff can tell; both documents decide
 * the same sample of sends instead, one from each region their conditions tell apart (every
 * operation, initiator role, named asset and another, each amount band's edges, each kind of
 * destination in the book and outside it, each book entry named).
 */

/** The sentences listed at most; one more says how many were left out. */
export const MAX_LOOSENINGS = 40;

/** An asset no rule names: what "any asset" rules decide alone. */
const OTHER_ASSET = '(other)';
/** Far below any written band: what lies under every edge. */
const TINY = new Big('1e-30');

const roleList = (action: PolicyAction): readonly string[] =>
  action.kind === 'hold' || action.kind === 'escalate' ? action.roles : [];

/**
 * How `after` is weaker than `before` for one send, in words; undefined when it is not. A send
 * is weaker when it stops being refused, stops waiting, waits for fewer approvers, lets a role
 * approve that could not, or no longer needs one of the escalation's roles.
 */
export function looserBy(before: PolicyAction, after: PolicyAction): string | undefined {
  if (before.kind === 'send') return undefined;
  if (before.kind === 'refuse') return after.kind === 'refuse' ? undefined : 'no longer refused';
  if (after.kind === 'refuse') return undefined;
  if (after.kind === 'send') return 'no approval at all';
  if (after.approvers < before.approvers) return 'fewer approvers';
  const wider = roleList(after).filter((role) => !roleList(before).includes(role));
  if (wider.length > 0) return `approvers from ${wider.join(', ')} too`;
  if (before.kind === 'escalate') {
    if (after.kind !== 'escalate') return `no approver from ${before.escalate_to.join(' or ')}`;
    const widened = after.escalate_to.filter((role) => !before.escalate_to.includes(role));
    if (widened.length > 0) return `the escalation met by ${widened.join(', ')} too`;
  }
  return undefined;
}

/** The assets the rules of both documents name. */
function namedAssets(documents: PolicyDocumentV2[]): string[] {
  const assets = new Set<string>();
  for (const document of documents) {
    for (const rule of document.rules) {
      if (rule.assets !== 'any') rule.assets.forEach((asset) => assets.add(asset));
    }
  }
  return [...assets].sort();
}

/** One sample amount, and how it reads: at an edge, just above it, or unknown before the send. */
interface Amount {
  value: Big | undefined;
  words: string;
}

/** The amounts that tell every band of `asset` apart: each edge, just above it, and the ends. */
function sampleAmounts(documents: PolicyDocumentV2[], asset: string): Amount[] {
  const edges = new Map<string, Big>();
  for (const document of documents) {
    for (const rule of document.rules) {
      if (!rule.amount || rule.assets === 'any' || !rule.assets.includes(asset)) continue;
      for (const edge of [rule.amount.above, rule.amount.up_to]) {
        if (edge !== undefined) edges.set(new Big(edge).toFixed(), new Big(edge));
      }
    }
  }
  const amounts: Amount[] = [{ value: TINY, words: 'of any amount' }];
  const sorted = [...edges.values()].sort((a, b) => a.cmp(b));
  for (const edge of sorted) {
    amounts.push({ value: edge, words: `of ${groupDigits(edge.toFixed())}` });
    amounts.push({ value: edge.plus(TINY), words: `above ${groupDigits(edge.toFixed())}` });
  }
  amounts.push({ value: undefined, words: 'of an amount not known before it is sent' });
  return amounts;
}

type Destination = PolicyFacts['destination'];

/** The destinations that tell every condition apart: none, each kind in the book or not, each entry. */
function sampleDestinations(
  documents: PolicyDocumentV2[],
): { value: Destination; words: string }[] {
  const entries = new Set<string>();
  for (const document of documents) {
    for (const rule of document.rules) {
      const condition: DestinationCondition = rule.destination;
      if (typeof condition === 'object' && 'entry' in condition) {
        entries.add(condition.entry.toLowerCase());
      }
    }
  }
  const samples: { value: Destination; words: string }[] = [{ value: undefined, words: '' }];
  for (const kind of DESTINATION_KINDS) {
    samples.push({ value: { kind, in_book: true }, words: ` to a ${kind} in the book` });
    samples.push({ value: { kind, in_book: false }, words: ` to a ${kind} outside the book` });
    for (const entry of entries) {
      samples.push({
        value: { kind, entry_id: entry, in_book: true },
        words: ` to the book's entry ${entry}`,
      });
    }
  }
  return samples;
}

/** One send of the sample both documents decide, and how it reads ("internal transfers of USD above 10,000 by admin"). */
export interface SampleSend {
  facts: PolicyFacts;
  words: () => string;
}

/**
 * The sends that tell apart every region the rules of `documents` name: every operation,
 * initiator role, named asset and another, each amount band's edges, each kind of destination in
 * the book and outside it, each book entry named. Two documents that decide all of them alike
 * decide every send alike.
 */
export function* sampleSends(documents: PolicyDocumentV2[]): Generator<SampleSend> {
  const assets = [...namedAssets(documents), OTHER_ASSET];
  const amountsOf = new Map(assets.map((asset) => [asset, sampleAmounts(documents, asset)]));
  const destinations = sampleDestinations(documents);
  for (const operation of WRITE_OPERATION_IDS as readonly WriteOperationId[]) {
    const withAmount = hasAmount(operation);
    for (const asset of assets) {
      const amounts = withAmount ? amountsOf.get(asset)! : [{ value: undefined, words: '' }];
      for (const amount of amounts) {
        for (const destination of destinations) {
          for (const role of ROLES as readonly Role[]) {
            const facts: PolicyFacts = {
              operation,
              asset,
              amount: amount.value,
              destination: destination.value,
              initiator_role: role,
            };
            const words = () => {
              const of = asset === OTHER_ASSET ? ' of any other asset' : ` of ${asset}`;
              return `${operationNoun(operation)}${of}${withAmount ? ` ${amount.words}` : ''}${destination.words} by ${role}`;
            };
            yield { facts, words };
          }
        }
      }
    }
  }
}

/** A send of the sample that two documents decide otherwise, and how each decides it. */
export interface DecidedOtherwise {
  send: string;
  was: PolicyDecision;
  now: PolicyDecision;
  /** How `now` is weaker than `was` (or, for a stricter send, `was` than `now`). */
  how: string;
}

/**
 * How `after` decides the sample otherwise than `before`: the first send it lets through with
 * fewer approvals, the first it asks more of, and the first another rule decides (whatever it
 * then asks). Empty when both decide every send by the same rule and alike.
 */
export function decisionShift(
  before: PolicyDocumentV2,
  after: PolicyDocumentV2,
): { looser?: DecidedOtherwise; stricter?: DecidedOtherwise; decider?: DecidedOtherwise } {
  const shift: ReturnType<typeof decisionShift> = {};
  for (const sample of sampleSends([before, after])) {
    const was = decidePolicy(before, sample.facts);
    const now = decidePolicy(after, sample.facts);
    if (!shift.looser) {
      const how = looserBy(was.action, now.action);
      if (how) shift.looser = { send: sample.words(), was, now, how };
    }
    if (!shift.stricter) {
      const how = looserBy(now.action, was.action);
      if (how) shift.stricter = { send: sample.words(), was, now, how };
    }
    if (!shift.decider && was.rule !== now.rule) {
      shift.decider = { send: sample.words(), was, now, how: '' };
    }
    if (shift.looser && shift.stricter && shift.decider) break;
  }
  return shift;
}

/**
 * What `after` lets through with fewer approvals than `before`, one sentence per operation and
 * way it loosens, naming the first send it found; at most {@link MAX_LOOSENINGS}.
 * Empty when every send needs at least what it needed.
 */
export function policyLoosenings(before: PolicyDocumentV2, after: PolicyDocumentV2): string[] {
  const found = new Map<string, string>();
  for (const sample of sampleSends([before, after])) {
    const was = decidePolicy(before, sample.facts);
    const now = decidePolicy(after, sample.facts);
    const how = looserBy(was.action, now.action);
    if (!how) continue;
    const key = `${sample.facts.operation}|${how}`;
    if (found.has(key)) continue;
    found.set(
      key,
      `Fewer approvals (${how}): ${sample.words()} ${actionWords(was.action)} under the version in force (rule ${was.rule}) and would ${actionWords(now.action)} (rule ${now.rule}).`,
    );
  }
  const sentences = [...found.values(), ...limitLoosenings(before.limits, after.limits)];
  if (sentences.length <= MAX_LOOSENINGS) return sentences;
  return [
    ...sentences.slice(0, MAX_LOOSENINGS),
    `And ${sentences.length - MAX_LOOSENINGS} more loosenings of the same kind.`,
  ];
}

interface RawLimit {
  role?: string;
  operator?: string;
  side?: string;
  asset?: string;
  window?: string;
  max?: string;
  over?: string;
}

const limitKey = (limit: RawLimit) =>
  `${limit.role !== undefined ? `role ${limit.role}` : `operator ${limit.operator}`}, ${limit.side} ${limit.asset} per ${limit.window}`;

/** The limits per operator removed, raised, or changed from refusing to escalating. */
function limitLoosenings(before: unknown[], after: unknown[]): string[] {
  const byKey = (limits: unknown[]) =>
    new Map(
      limits
        .filter((l): l is RawLimit => typeof l === 'object' && l !== null)
        .map((l) => [limitKey(l), l]),
    );
  const next = byKey(after);
  const sentences: string[] = [];
  for (const [key, was] of byKey(before)) {
    const now = next.get(key);
    if (!now) {
      sentences.push(`Fewer approvals (limit removed): the limit of ${key}, at most ${was.max}.`);
      continue;
    }
    try {
      if (was.max !== undefined && now.max !== undefined && new Big(now.max).gt(was.max)) {
        sentences.push(
          `Fewer approvals (limit raised): the limit of ${key} from ${groupDigits(was.max)} to ${groupDigits(now.max)}.`,
        );
      }
    } catch {
      // Checked by the BFF before a version is proposed: an unreadable figure is not compared.
    }
    if ((was.over ?? 'refuse') === 'refuse' && now.over === 'escalate') {
      sentences.push(
        `Fewer approvals (limit escalates): past the limit of ${key}, a send waits for one more approver instead of being refused.`,
      );
    }
  }
  return sentences;
}
