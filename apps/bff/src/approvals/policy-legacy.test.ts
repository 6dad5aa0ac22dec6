import {
  ASSET_PRECISION,
  decidePolicy,
  destinationOf,
  lintPolicy,
  MARKETS,
  marketAssets,
  maxWaitHoursOf,
  operations,
  ruleWords,
  WRITE_OPERATION_IDS,
  type PolicyDocumentV2,
  type WriteOperationId,
} from '@console/schemas';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { DestinationStanding } from '../destinations/destination-view';
import { policyFactsOf } from '../rules/policy-facts';
import { forAsset } from '../rules/policy-values';
import { thresholdAmount } from '../rules/send-amount';
import {
  checkPolicyFile,
  DEFAULT_POLICY_FILE,
  DEFAULT_TWO_ABOVE,
  PolicyError,
  type CheckedFile,
  type PolicyFile,
} from './policy-file';
import { legacyToDocument } from './policy-legacy';

/** A file with per-asset thresholds, `approvers: 2`, roles and waits of its own, and book rules. */
const FILE_A = {
  max_wait_hours: 12,
  operations: {
    createInternalTransfer: {
      required: true,
      required_above: { USD: '100', BTC: '0.01' },
      two_above: { USD: '10000', EUR: '5000.50', '*': '0' },
      destinations: { USD: 'book', '*': 'any' },
      max_wait_hours: 4,
    },
    createSvcTransfer: {
      required: true,
      approvers: 2,
      roles: ['admin'],
      required_above: { EUR: '50' },
      destinations: { '*': 'book', EUR: 'any' },
    },
    createOrder: {
      required: true,
      roles: ['finance'],
      required_above: { USD: '1000', EUR: '1000' },
      two_above: { USD: '50000', '*': '0' },
    },
    createOrchestrationRule: { required: false, destinations: { '*': 'book' } },
    updateFiatAccount: { required: true, approvers: 2 },
  },
  limits: [{ role: 'finance', side: 'initiate', asset: 'USD', window: '24h', max: '50000' }],
  destination_book: { cooling_off_hours: { 'fiat-account': 48 } },
} satisfies PolicyFile;

/** A file whose `*` thresholds are not 0, with `approvers: 2`, and book rules naming one asset. */
const FILE_B = {
  operations: {
    createOrchestration: {
      required: true,
      roles: ['admin', 'support'],
      required_above: { '*': '10', ETH: '0.5' },
      two_above: { BTC: '1', '*': '1000' },
      destinations: { BTC: 'book', '*': 'any' },
    },
    createInternalTransfer: { required: true, two_above: { '*': '250' } },
    createSvcTransfer: {
      required: true,
      approvers: 2,
      required_above: { USD: '20', '*': '7.5' },
      destinations: { USD: 'book', '*': 'any' },
      max_wait_hours: 2,
    },
    deleteFiatAccount: { required: false },
    createDepositAddress: { required: true, roles: ['admin'], max_wait_hours: 1 },
  },
} satisfies PolicyFile;

const UNKNOWN = 'XYZ';
const STANDINGS: (DestinationStanding | undefined)[] = [
  undefined,
  ...(['ACTIVE', 'NOT_IN_BOOK', 'COOLING_OFF', 'REVOKED', 'PENDING_APPROVAL'] as const).map(
    (state) => ({
      state,
      entryId: state === 'NOT_IN_BOOK' ? null : 'e-1',
      name: null,
      usableFrom: null,
      revoked: null,
    }),
  ),
];

/**
 * Amounts around every threshold a file gives (and the built-in ones): just below, at (also with
 * trailing zeros), just above; a large one; and one not known before the send. Only positive
 * amounts: the schemas refuse a send of 0 before any policy sees it.
 */
function amountsAround(file: PolicyFile): (string | undefined)[] {
  const limits = new Set<string>(['1', ...Object.values(DEFAULT_TWO_ABOVE)]);
  for (const rule of Object.values(file.operations ?? {})) {
    for (const table of [rule?.required_above, rule?.two_above]) {
      for (const limit of Object.values(table ?? {})) limits.add(limit);
    }
  }
  const tiny = '0.000000001';
  const amounts = [...limits].flatMap((limit) => {
    const at = new Big(limit);
    const padded = limit.includes('.') ? `${limit}000` : `${limit}.000`;
    return [at.minus(tiny).toFixed(), limit, padded, at.plus(tiny).toFixed()];
  });
  const positive = [...new Set(amounts)].filter((a) => new Big(a).gt(0));
  return [...positive, '1000000000', undefined];
}

/** A body of `id` in `asset`, of `amount` (undefined: not known before the send), sent to a destination or none. */
function bodyOf(
  id: WriteOperationId,
  asset: string,
  amount: string | undefined,
  destination: boolean,
) {
  const body: Record<string, unknown> = {};
  if (id === 'createOrder') {
    const market = MARKETS.find((m) => marketAssets(m).quote === asset) ?? `BTC${asset}`;
    // A market buy names its notional; a market sell has none before it fills.
    return amount === undefined
      ? { market, side: 'SELL', base_amount: '1' }
      : { market, side: 'BUY', quote_amount: amount };
  }
  const approval = operations[id].approval;
  if (approval.amount) {
    body[approval.amount.asset] = asset;
    if (amount !== undefined) body[approval.amount.amount] = amount;
  }
  const field = approval.destination;
  if (field) {
    body[field.asset] = asset;
    if (destination) {
      body[field.field] = field.holds === 'rail' ? { profile: { profile_id: 'p-2' } } : 'p-2';
    }
  }
  return body;
}

type Outcome = 'refused' | 'sent' | { approvers: number; roles: string[]; wait_hours: number };

const checked = new Map<PolicyFile, CheckedFile>();

/**
 * What today's file says of a send, as issue 7 and 37 wrote it (one rule per operation, and its
 * book rule): the reference the rules of `legacyToDocument` must agree with. Kept here, apart from
 * the engine, so that the grid compares two readings and not one with itself.
 */
function oldOutcome(
  file: PolicyFile,
  id: WriteOperationId,
  body: Record<string, unknown>,
  standing?: DestinationStanding,
): Outcome {
  if (!checked.has(file)) checked.set(file, checkPolicyFile(file));
  const { rules, maxWaitHours } = checked.get(file)!;
  const rule = rules[id];
  const found = destinationOf(id, body);
  const book = found && forAsset(rule.destinations, found.asset ?? '') === 'book';
  if (book && standing?.state !== 'ACTIVE') return 'refused';
  if (!rule.required) return 'sent';
  const { asset = '', amount = undefined } = thresholdAmount(id, body) ?? {};
  const limitOf = (table: Record<string, string> | undefined) => forAsset(table, asset);
  const requiredAbove = limitOf(rule.required_above);
  if (rule.required_above && amount && requiredAbove !== undefined) {
    if (!amount.gt(new Big(requiredAbove))) return 'sent';
  }
  // An amount not known before the send is taken as large: two.
  const twoAbove = limitOf(rule.two_above);
  const two =
    rule.approvers === 2 ||
    (rule.two_above !== undefined &&
      (amount === undefined || (twoAbove !== undefined && amount.gt(new Big(twoAbove)))));
  return {
    approvers: two ? 2 : 1,
    roles: rule.roles,
    wait_hours: rule.max_wait_hours ?? maxWaitHours,
  };
}

function newOutcome(
  document: PolicyDocumentV2,
  id: WriteOperationId,
  body: Record<string, unknown>,
  standing?: DestinationStanding,
): Outcome {
  const decision = decidePolicy(document, policyFactsOf(id, body, 'finance', standing));
  const { action } = decision;
  if (action.kind === 'refuse') return 'refused';
  if (action.kind === 'send') return 'sent';
  return {
    approvers: action.approvers,
    roles: action.roles,
    wait_hours: maxWaitHoursOf(document, action)!,
  };
}

/** Whether `next` asks at least what `old` does: refused, or held by no fewer approvers. */
function atLeastAsStrict(old: Outcome, next: Outcome) {
  if (next === 'refused') return true;
  if (old === 'refused') return false;
  if (old === 'sent') return true;
  return next !== 'sent' && next.approvers >= old.approvers;
}

/** Each file, and whether its `*` thresholds other than 0 make an unknown asset differ. */
const FILES: [string, PolicyFile, boolean][] = [
  ['the built-in policy', DEFAULT_POLICY_FILE, false],
  ['a file with thresholds, two approvers and the book', FILE_A, false],
  ['a file with `*` thresholds other than 0', FILE_B, true],
];

describe('legacyToDocument', () => {
  describe.each(FILES)('for %s', (_, file, unknownDiffers) => {
    let stricter = 0;
    const document = legacyToDocument(file);
    const assets = (id: WriteOperationId) =>
      id === 'createOrder'
        ? [...new Set(MARKETS.map((m) => marketAssets(m).quote)), UNKNOWN]
        : [...Object.keys(ASSET_PRECISION), UNKNOWN];
    const amounts = amountsAround(file);

    it.each(WRITE_OPERATION_IDS)(
      'decides every %s of the grid as the file’s rule and its book rule do',
      (id) => {
        const differences: string[] = [];
        let compared = 0;
        for (const asset of assets(id)) {
          for (const amount of amounts) {
            for (const standing of [...STANDINGS, 'none' as const]) {
              const body = bodyOf(id, asset, amount, standing !== 'none');
              const given = standing === 'none' ? undefined : standing;
              const old = oldOutcome(file, id, body, given);
              const next = newOutcome(document, id, body, given);
              compared++;
              if (JSON.stringify(old) === JSON.stringify(next)) continue;
              // The one difference by design (see policy-legacy.ts): an asset the service does not
              // know, under a `*` threshold other than 0, is held as if above it.
              if (asset === UNKNOWN && atLeastAsStrict(old, next)) {
                stricter++;
                continue;
              }
              differences.push(
                `${asset} ${amount ?? '(unknown)'} ${standing === 'none' ? 'no destination' : (given?.state ?? 'undefined')}: ${JSON.stringify(old)} vs ${JSON.stringify(next)}`,
              );
            }
          }
        }
        expect(compared).toBeGreaterThan(0);
        expect(differences).toEqual([]);
      },
    );

    it('differs only where a `*` threshold other than 0 meets an unknown asset', () => {
      expect(stricter > 0).toBe(unknownDiffers);
    });

    it('gives a document the editor finds nothing wrong with', () => {
      expect(lintPolicy(document)).toEqual([]);
    });
  });

  it('holds an unknown asset under a `*` threshold other than 0 as if above it: fail closed', () => {
    const document = legacyToDocument(FILE_B);
    const body = bodyOf('createInternalTransfer', UNKNOWN, '5', false);
    expect(oldOutcome(FILE_B, 'createInternalTransfer', body)).toMatchObject({ approvers: 1 });
    expect(newOutcome(document, 'createInternalTransfer', body)).toMatchObject({ approvers: 2 });
  });

  it('keeps the built-in policy whole for an asset it does not know (its `*` is 0)', () => {
    const document = legacyToDocument(DEFAULT_POLICY_FILE);
    for (const amount of ['0.000000001', '5', undefined]) {
      const body = bodyOf('createSvcTransfer', UNKNOWN, amount, false);
      expect(newOutcome(document, 'createSvcTransfer', body)).toEqual(
        oldOutcome(DEFAULT_POLICY_FILE, 'createSvcTransfer', body),
      );
    }
  });

  it('puts the book refusals first for each operation whose file rule names the book', () => {
    const document = legacyToDocument(FILE_A);
    const ops = ['createInternalTransfer', 'createSvcTransfer', 'createOrchestrationRule'] as const;
    for (const id of ops) {
      const first = document.rules.find((rule) => rule.id.startsWith(`${id}-`));
      expect(first).toMatchObject({ destination: 'not-book', action: { kind: 'refuse' } });
    }
  });

  it('says the book refusal in words, and carries limits and the book’s settings over', () => {
    const document = legacyToDocument(FILE_A);
    const transfers = document.rules.filter(
      (rule) => rule.operations !== 'any' && rule.operations.includes('createInternalTransfer'),
    );
    expect(transfers[0]).toMatchObject({
      assets: ['USD'],
      destination: 'not-book',
      action: { kind: 'refuse' },
    });
    expect(ruleWords(transfers[0]!)).toBe(
      'Internal transfers of USD to a destination not active in the book of allowed destinations are refused: The policy lets USD go only to an ACTIVE entry of the book of allowed destinations.',
    );
    expect(document).toMatchObject({
      max_wait_hours: 12,
      limits: FILE_A.limits,
      destination_book: FILE_A.destination_book,
    });
  });

  it('refuses a file its checks refuse, with its problems', () => {
    expect(() =>
      legacyToDocument({
        operations: { createOrder: { required: true, two_above: { USD: '1' } } },
      }),
    ).toThrow(PolicyError);
  });
});
