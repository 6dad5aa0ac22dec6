import Big from 'big.js';
import { SandboxProblem, forbidden } from '../problem';
import { ROUND_HALF_UP } from './assets';
import { usdValue } from './prices';
import type { SandboxState } from './store';
import type { TransferLimitState } from './store-records';

/**
 * What a send moves, in USD: a USD amount exactly; another asset at the market price at the
 * time, rounded to the cent (half up).
 */
export function usdMoved(state: SandboxState, asset: string, amount: Big, now: number): Big {
  if (asset === 'USD') return amount;
  const rate = usdValue(state.prices, asset, now) ?? new Big(0);
  return amount.times(rate).round(2, ROUND_HALF_UP);
}

/** The limits that apply to a transfer type. */
export function limitsOf(state: SandboxState, type: string): TransferLimitState[] {
  return state.transfer_limits.filter((l) => l.transfer_types.includes(type));
}

/** What remains of a limit now: the limit less what its types moved within its period. */
export function remainingOf(state: SandboxState, limit: TransferLimitState, now: number): Big {
  if (limit.period_seconds === 0) return limit.limit;
  const since = now - limit.period_seconds * 1000;
  const used = state.limit_uses
    .filter((u) => u.at > since && limit.transfer_types.includes(u.transfer_type))
    .reduce((sum, u) => sum.plus(u.usd), new Big(0));
  const rest = limit.limit.minus(used);
  return rest.gt(0) ? rest : new Big(0);
}

/** A limit as List Transfer Limits answers it. */
export function limitView(state: SandboxState, limit: TransferLimitState, now: number) {
  return {
    ...(limit.id !== undefined ? { id: limit.id } : {}),
    rule_id: limit.rule_id,
    transfer_types: [...limit.transfer_types],
    period_seconds: String(limit.period_seconds),
    limit: limit.limit.toFixed(2),
    remaining: remainingOf(state, limit, now).toFixed(2),
    limit_asset: limit.limit_asset,
  };
}

/**
 * Refuses a send of `usd` above what remains of any limit of its type: 403, for a withdrawal with
 * the problem type `exceed-max-withdraw-limit`, and a detail naming the limit and what remains.
 */
export function requireWithinLimits(
  state: SandboxState,
  type: string,
  usd: Big,
  field: string,
  now: number,
): void {
  for (const limit of limitsOf(state, type)) {
    const remaining = remainingOf(state, limit, now);
    if (usd.lte(remaining)) continue;
    const name =
      limit.period_seconds === 0
        ? `the single-transaction limit ${limit.rule_id}`
        : `the limit ${limit.id ?? limit.rule_id} over ${limit.period_seconds} s`;
    const detail = `${field}: ${usd.toFixed(2)} USD exceeds ${name} on ${limit.transfer_types.join(', ')} of ${limit.limit.toFixed(2)} USD: ${remaining.toFixed(2)} USD remains`;
    const meta = { transfer_type: type, ...limitView(state, limit, now) };
    throw type.endsWith('_WITHDRAWAL')
      ? new SandboxProblem(403, 'exceed-max-withdraw-limit', detail, meta)
      : forbidden(detail, meta);
  }
}

/** Counts an accepted send against the periodic limits of its type. */
export function useLimits(state: SandboxState, type: string, usd: Big, now: number): void {
  if (limitsOf(state, type).length > 0)
    state.limit_uses.push({ transfer_type: type, usd, at: now });
}
