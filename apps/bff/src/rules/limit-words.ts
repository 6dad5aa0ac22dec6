/**
 * Limits in words, for the preview, the problems and `GET /api/limits`: "38,500.00 of 50,000.00
 * USD left in the last 24 hours". Amounts are written by the one function every page and message
 * uses (`formatAmountIn`), so a fiat limit keeps its cents here as everywhere else (issue 60,
 * item 8): from big.js in plain notation, never an exponent.
 */
import {
  formatAmountIn,
  LIMIT_WINDOW_WORDS,
  type LimitCheck,
  type LimitStanding,
} from '@console/schemas';
import Big from 'big.js';
import type { LimitRule } from './limit-rules';

/** `38500.5` USD → `38,500.50`: in the pages' format, whatever the size or the decimals. */
export function grouped(amount: Big, asset: string): string {
  return formatAmountIn(amount.toFixed(), asset, 'en');
}

/** Where an operator stands against one limit, having used `used` of it. */
export function standing(rule: LimitRule, used: Big): LimitStanding {
  const left = rule.max.minus(used);
  const shownLeft = left.lt(0) ? new Big(0) : left;
  return {
    side: rule.side,
    asset: rule.asset,
    window: rule.window,
    max: rule.max.toFixed(),
    used: used.toFixed(),
    left: shownLeft.toFixed(),
    when_over: rule.side === 'approve' ? 'refuse' : rule.over,
    rule: 'operator' in rule.who ? 'operator' : 'role',
    text: `${grouped(shownLeft, rule.asset)} of ${grouped(rule.max, rule.asset)} ${rule.asset} left in ${LIMIT_WINDOW_WORDS[rule.window]}`,
  };
}

/**
 * A limit as a send (or approval) of `amount` meets it: over when what is used and this amount
 * together are above the limit (exactly the limit passes).
 */
export function check(rule: LimitRule, used: Big, amount: Big): LimitCheck {
  return {
    ...standing(rule, used),
    amount: amount.toFixed(),
    over: used.plus(amount).gt(rule.max),
  };
}

/**
 * "the limit of 50,000.00 USD in the last 24 hours (49,000.00 used, 1,000.00 left; this is
 * 1,500.00)".
 */
export function overWords(limit: LimitCheck): string {
  const words = (amount: string) => grouped(new Big(amount), limit.asset);
  return `the limit of ${words(limit.max)} ${limit.asset} in ${LIMIT_WINDOW_WORDS[limit.window]} (${words(limit.used)} used, ${words(limit.left)} left; this is ${words(limit.amount)})`;
}
