/**
 * Limits in words, for the preview, the problems and `GET /api/limits`: "38,500 of 50,000 USD
 * left in the last 24 hours". Amounts are written from big.js in plain notation (never an
 * exponent), the whole part grouped by thousands.
 */
import { LIMIT_WINDOW_WORDS, type LimitCheck, type LimitStanding } from '@console/schemas';
import Big from 'big.js';
import type { LimitRule } from './limit-rules';

/** `38500.5` → `38,500.5`: plain notation, whatever the size or the number of decimals. */
export function grouped(amount: Big): string {
  const [whole = '0', fraction] = amount.toFixed().split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '');
  const withCommas = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${withCommas}${fraction ? `.${fraction}` : ''}`;
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
    text: `${grouped(shownLeft)} of ${grouped(rule.max)} ${rule.asset} left in ${LIMIT_WINDOW_WORDS[rule.window]}`,
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

/** "the limit of 50,000 USD in the last 24 hours (49,000 used, 1,000 left; this is 1,500)". */
export function overWords(limit: LimitCheck): string {
  const max = new Big(limit.max);
  return `the limit of ${grouped(max)} ${limit.asset} in ${LIMIT_WINDOW_WORDS[limit.window]} (${grouped(new Big(limit.used))} used, ${grouped(new Big(limit.left))} left; this is ${grouped(new Big(limit.amount))})`;
}
