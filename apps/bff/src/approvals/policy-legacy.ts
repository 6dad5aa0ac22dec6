/**
 * Today's policy file (issue 7's format: one rule per write operation) as a format-2 policy
 * document of rules, first match wins (issue 38), with the same meaning as the file's rule per
 * operation and its book rule (the grid of `policy-legacy.test.ts` proves it). Every policy given
 * as a file is decided through it.
 *
 * One thing a document cannot say: a non-zero `*` threshold for an asset the service does not
 * know. A band needs named assets, so the rules for "any other asset" carry no band, and such an
 * asset is held as if above the threshold (fail closed). The built-in policy's `*` is `0`, which
 * a positive amount is always above, so its meaning is kept whole.
 */
import {
  ASSET_PRECISION,
  hasAmount,
  MARKETS,
  marketAssets,
  operations,
  PolicyDocumentV2Schema,
  WRITE_OPERATION_IDS,
  type ApproverRole,
  type PolicyAction,
  type PolicyDocumentV2,
  type PolicyDocumentV2Input,
  type WriteOperationId,
} from '@console/schemas';
import { forAsset } from '../rules/policy-values';
import { checkPolicyFile, type FileRule, type PolicyFile } from './policy-file';

type LegacyRule = FileRule;
type RuleInput = PolicyDocumentV2Input['rules'][number];

/** What one asset meets under an operation's legacy rule. */
interface Terms {
  requiredAbove: string | undefined;
  twoAbove: string | undefined;
  destination: 'book' | 'any';
}

const QUOTE_CURRENCIES = [...new Set(MARKETS.map((market) => marketAssets(market).quote))];

/** The assets an operation's amount may be in, that a band can name. */
const knownAssets = (id: WriteOperationId): string[] =>
  id === 'createOrder' ? QUOTE_CURRENCIES : Object.keys(ASSET_PRECISION);

const named = (table: Record<string, unknown> | undefined) =>
  Object.keys(table ?? {}).filter((asset) => asset !== '*');

/** The asset classes an operation's rule tells apart: assets alike grouped, in the file's order. */
function classesOf(
  id: WriteOperationId,
  rule: LegacyRule,
  amounts: boolean,
  destinations: boolean,
) {
  const termsOf = (asset: string): Terms => ({
    requiredAbove: amounts ? forAsset(rule.required_above, asset) : undefined,
    twoAbove: amounts ? forAsset(rule.two_above, asset) : undefined,
    destination: (destinations ? forAsset(rule.destinations, asset) : undefined) ?? 'any',
  });
  const listed = [
    ...(amounts ? [...named(rule.required_above), ...named(rule.two_above)] : []),
    ...(destinations ? named(rule.destinations) : []),
  ];
  const groups = new Map<string, { assets: string[]; terms: Terms }>();
  // Assets the file names, then the known assets it does not (they take `*`'s terms, and a
  // band can name them), then every other asset.
  for (const asset of new Set([...listed, ...(amounts ? knownAssets(id) : [])])) {
    const terms = termsOf(asset);
    const key = JSON.stringify(terms);
    const group = groups.get(key) ?? { assets: [], terms };
    group.assets.push(asset);
    groups.set(key, group);
  }
  return [
    ...[...groups.values()].map((g) => ({ assets: g.assets as string[] | 'any', terms: g.terms })),
    { assets: 'any' as const, terms: termsOf('') },
  ];
}

type Draft = Omit<RuleInput, 'id'>;

/** The rules of one operation, in order. */
function rulesOf(id: WriteOperationId, rule: LegacyRule): Draft[] {
  const amounts = rule.required && hasAmount(id) && !!(rule.required_above || rule.two_above);
  const destinations = !!operations[id].approval.destination && !!rule.destinations;
  const roles: ApproverRole[] = [...rule.roles];
  const hold = (approvers: 1 | 2): PolicyAction => ({
    kind: 'hold',
    approvers,
    roles,
    ...(rule.max_wait_hours !== undefined && { max_wait_hours: rule.max_wait_hours }),
    ...(rule.passkey && { passkey: true }),
  });

  /** One class's rules; the last matches every send of its assets that the others leave. */
  function classRules(assets: string[] | 'any', terms: Terms | undefined): Draft[] {
    const out: Draft[] = [];
    const add = (action: PolicyAction, more: Partial<Draft> = {}) =>
      out.push({ operations: [id], assets, action, ...more });
    if (terms?.destination === 'book') {
      const what = assets === 'any' ? 'money' : assets.join(', ');
      add(
        {
          kind: 'refuse',
          reason: `The policy lets ${what} go only to an ACTIVE entry of the book of allowed destinations.`,
        },
        { destination: 'not-book' },
      );
    }
    if (!rule.required) {
      add({ kind: 'send' });
      return out;
    }
    // A band needs named assets: "any other asset" is held at any amount (see the top).
    if (terms?.requiredAbove !== undefined && assets !== 'any') {
      add({ kind: 'send' }, { amount: { up_to: terms.requiredAbove } });
    }
    if (rule.approvers === 2) add(hold(2));
    else if (amounts && rule.two_above) {
      // An amount not known before the send is taken as large: two, as the file's rule says.
      if (assets === 'any') {
        // A band of "any asset" cannot be said: held as if above its `*` (exact when that is 0,
        // since every positive amount is above it).
        add(hold(2));
      } else {
        add(hold(2), { amount: { above: terms?.twoAbove ?? '0' } });
        add(hold(1));
      }
    } else add(hold(1));
    return out;
  }

  if (!amounts && !destinations) return classRules('any', undefined);
  const classes = classesOf(id, rule, amounts, destinations);
  const other = classes.pop()!;
  // The named classes' assets are apart, so their last rules, which say the same for each,
  // become one rule after all their bands; "any other asset" comes last, since its rules name
  // every asset.
  const heads: Draft[] = [];
  const lasts = new Map<string, Draft>();
  for (const { assets, terms } of classes) {
    const rules = classRules(assets, terms);
    const last = rules.pop()!;
    heads.push(...rules);
    const key = JSON.stringify(last.action);
    const same = lasts.get(key);
    if (same && Array.isArray(same.assets)) same.assets.push(...(assets as string[]));
    else lasts.set(key, { ...last, assets: [...(assets as string[])] });
  }
  // Refusals first: the named classes are apart, so their order among the rest means nothing.
  const refusals = heads.filter((draft) => draft.action.kind === 'refuse');
  const bands = heads.filter((draft) => draft.action.kind !== 'refuse');
  return [...refusals, ...bands, ...lasts.values(), ...classRules(other.assets, other.terms)];
}

/**
 * A format-2 document with the meaning of a policy file (checked first: a problem throws its
 * `PolicyError`): per operation in the registry's order, the destination refusals of each asset
 * first, then its thresholds; `limits` and `destination_book` carried over.
 */
export function legacyToDocument(file: unknown): PolicyDocumentV2 {
  const checked = checkPolicyFile(file);
  const given = file as PolicyFile;
  const rules: RuleInput[] = WRITE_OPERATION_IDS.flatMap((id) =>
    rulesOf(id, checked.rules[id]).map((rule, n) => ({ id: `${id}-${n + 1}`, ...rule })),
  );
  return PolicyDocumentV2Schema.parse({
    format: 2,
    max_wait_hours: checked.maxWaitHours,
    rules,
    // Never reached: every operation's last rule matches any asset. It holds all the same.
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    limits: given.limits ?? [],
    ...(given.destination_book !== undefined && { destination_book: given.destination_book }),
    ...(given.passkeys !== undefined && { passkeys: given.passkeys }),
  } satisfies PolicyDocumentV2Input);
}
