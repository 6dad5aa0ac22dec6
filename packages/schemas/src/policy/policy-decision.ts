import Big from 'big.js';
import { z } from 'zod';
import type { PolicyDocumentV2, PolicyRule } from './policy-document';
import { hasAmount, type PolicyDecision, type PolicyFacts } from './policy-engine';
import {
  defaultRuleWords,
  destinationWords,
  groupDigits,
  initiatorWords,
  ruleWords,
} from './policy-words';

/*
 * The rule that decided a send, named (issue 66): its position, its words and why it matched,
 * for the review before a send and the approval page after it. A market order has no notional
 * before it fills, so a threshold compares its size at the price read when it is decided, raised
 * by the policy's margin: the same estimate the order form shows, said with the figures used.
 * Decimal arithmetic only.
 */

/** What a threshold compared for a market order: its size at a price read now, plus a margin. */
export const MarketEstimateSchema = z.object({
  /** The asset the estimate is in: the market's quote currency. */
  asset: z.string(),
  /** The order's size in the base asset, and that asset. */
  base_amount: z.string(),
  base_asset: z.string(),
  /** The price read when it was decided (the market's midpoint, or its last price). */
  price: z.string(),
  /** `base_amount × price`: what the order form shows as "Notional (estimate)". */
  notional: z.string(),
  margin_percent: z.string(),
  /** The notional raised by the margin: what the thresholds compared. */
  amount: z.string(),
});
export type MarketEstimate = z.infer<typeof MarketEstimateSchema>;

/** The rule that decided, in words. */
export const DecidingRuleSchema = z.object({
  /** The rule's id, or "default" when no rule matched. */
  rule: z.string(),
  /** Its position in the policy, from 1; null for the default. */
  position: z.number().nullable(),
  /** The rule in one sentence. */
  words: z.string(),
  /** Why it matched this send, in one sentence. */
  why: z.string(),
  /** The amount the thresholds compared, in words, when the send has one to compare. */
  amount_words: z.string().nullable(),
  /** For a market order priced at decision time: the figures used. */
  estimate: MarketEstimateSchema.nullable(),
});
export type DecidingRule = z.infer<typeof DecidingRuleSchema>;

/** What the review says of a send whose size is not known before it fills and was not priced. */
export const AMOUNT_UNKNOWN_WORDS = 'amount unknown before the fill: thresholds hold it';

/**
 * A market order's estimate: `base` at `price`, raised by `marginPercent` per cent. Undefined
 * unless all three are plain decimals.
 */
export function marketEstimate(
  base: { amount: string; asset: string },
  price: string,
  marginPercent: string,
  quoteAsset: string,
): MarketEstimate | undefined {
  let notional: Big;
  let amount: Big;
  try {
    notional = new Big(base.amount).times(new Big(price));
    amount = notional.times(new Big(100).plus(new Big(marginPercent))).div(100);
  } catch {
    return undefined;
  }
  return {
    asset: quoteAsset,
    base_amount: base.amount,
    base_asset: base.asset,
    price,
    // Cents, as the form shows them; the thresholds compare the estimate to its cent too.
    notional: notional.round(2, Big.roundHalfUp).toFixed(2),
    margin_percent: marginPercent,
    amount: amount.round(2, Big.roundUp).toFixed(2),
  };
}

/** The estimate in words: "6,652.78 USD: 0.1 BTC at 65,223.34 USD (6,522.33 USD) plus 2 %". */
export function estimateWords(estimate: MarketEstimate): string {
  const { asset } = estimate;
  return `${groupDigits(estimate.amount)} ${asset} estimated: ${groupDigits(estimate.base_amount)} ${estimate.base_asset} at ${groupDigits(estimate.price)} ${asset}, the price read when it was decided (${groupDigits(estimate.notional)} ${asset}), plus the policy's ${estimate.margin_percent} % margin`;
}

/** The amount the thresholds compared, in words, or null for a send that carries none. */
function amountWords(facts: PolicyFacts, estimate: MarketEstimate | undefined): string | null {
  if (!hasAmount(facts.operation)) return null;
  if (estimate) return estimateWords(estimate);
  if (facts.amount === undefined) return AMOUNT_UNKNOWN_WORDS;
  return `${groupDigits(facts.amount.toFixed())} ${facts.asset}`;
}

/** Why a rule matched a send: each condition it sets, as the send meets it. */
function matchedWords(rule: PolicyRule, facts: PolicyFacts, amount: string | null): string {
  const parts: string[] = [];
  if (rule.operations !== 'any') parts.push('it is one of the operations the rule names');
  if (rule.assets !== 'any') parts.push(`its asset is ${facts.asset}`);
  if (rule.amount) {
    const band = [
      rule.amount.above !== undefined && `above ${groupDigits(rule.amount.above)}`,
      rule.amount.up_to !== undefined && `at most ${groupDigits(rule.amount.up_to)}`,
    ]
      .filter(Boolean)
      .join(' and ');
    parts.push(
      amount === AMOUNT_UNKNOWN_WORDS
        ? `its ${AMOUNT_UNKNOWN_WORDS}`
        : `its amount, ${amount ?? 'unknown'}, is ${band}`,
    );
  }
  if (rule.destination !== 'any') parts.push(`it goes ${destinationWords(rule.destination)}`);
  if (rule.initiator_roles !== 'any')
    parts.push(`it was made by ${initiatorWords(rule.initiator_roles)}`);
  if (parts.length === 0) return 'It matches every send.';
  const text = parts.join('; ');
  return `It matched because ${text}.`;
}

/** The rule that decided `decision` of a send with `facts`, named and explained. */
export function decidingRule(
  document: PolicyDocumentV2,
  decision: PolicyDecision,
  facts: PolicyFacts,
  estimate?: MarketEstimate,
): DecidingRule {
  const amount = amountWords(facts, estimate);
  const rule = decision.index >= 0 ? document.rules[decision.index] : undefined;
  const margin = document.market_order_margin_percent;
  return {
    rule: decision.rule,
    position: rule ? decision.index + 1 : null,
    words: rule ? ruleWords(rule, margin) : defaultRuleWords(document.default_rule),
    why: rule
      ? matchedWords(rule, facts, amount)
      : `No rule of the policy matched it (${document.rules.length} looked at, in order).`,
    amount_words: amount,
    estimate: estimate ?? null,
  };
}
