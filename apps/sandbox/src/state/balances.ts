import Big from 'big.js';
import { SandboxProblem, notFound } from '../problem';
import { ASSETS, fmtAsset } from './assets';
import type { Balance, Profile, SandboxState } from './store';

/** A profile by id (deactivated ones too), or 404 naming the field. */
export function profileOr404(state: SandboxState, id: string, field = 'profile_id'): Profile {
  const profile = state.profiles.get(id);
  if (!profile) throw notFound(`${field}: profile ${id} does not exist`);
  return profile;
}

export function balanceOf(profile: Profile, asset: string): Balance {
  let balance = profile.balances.get(asset);
  if (!balance) {
    balance = { total: new Big(0), trading: new Big(0) };
    profile.balances.set(asset, balance);
  }
  return balance;
}

/** What new debits can use: the total less what open orders hold. */
export function available(profile: Profile, asset: string): Big {
  const b = balanceOf(profile, asset);
  return b.total.minus(b.trading);
}

/** Throws 403 insufficient-funds unless `needed` of `asset` is available. */
export function requireAvailable(profile: Profile, asset: string, needed: Big): void {
  const have = available(profile, asset);
  if (have.lt(needed)) {
    throw new SandboxProblem(
      403,
      'insufficient-funds',
      `Profile ${profile.id} has ${fmtAsset(have, asset)} ${asset} available; ${fmtAsset(needed, asset)} needed`,
      {
        profile_id: profile.id,
        asset,
        available: fmtAsset(have, asset),
        needed: fmtAsset(needed, asset),
      },
    );
  }
}

export function debit(profile: Profile, asset: string, amount: Big): void {
  const b = balanceOf(profile, asset);
  b.total = b.total.minus(amount);
}

export function credit(profile: Profile, asset: string, amount: Big): void {
  const b = balanceOf(profile, asset);
  b.total = b.total.plus(amount);
}

/** Moves `amount` from available to trading (an open order's hold). */
export function hold(profile: Profile, asset: string, amount: Big): void {
  const b = balanceOf(profile, asset);
  b.trading = b.trading.plus(amount);
}

/** Gives a hold back to available. */
export function release(profile: Profile, asset: string, amount: Big): void {
  const b = balanceOf(profile, asset);
  b.trading = b.trading.minus(amount);
  if (b.trading.lt(0)) b.trading = new Big(0);
}

/** One ProfileBalance as the service answers it. */
export function profileBalanceView(profile: Profile, asset: string) {
  const b = profile.balances.get(asset) ?? { total: new Big(0), trading: new Big(0) };
  return {
    asset,
    available: fmtAsset(b.total.minus(b.trading), asset),
    trading: fmtAsset(b.trading, asset),
  };
}

/** Every asset the service knows, then any other the profile holds: List Profile Balances. */
export function balanceAssets(profile: Profile): string[] {
  return [...new Set([...ASSETS, ...profile.balances.keys()])];
}

/** Balances for GET /sandbox/state: the service's two figures and their total. */
export function balancesView(
  profile: Profile,
): Record<string, { total: string; available: string; trading: string }> {
  return Object.fromEntries(
    [...profile.balances.keys()].map((asset) => [
      asset,
      {
        ...profileBalanceView(profile, asset),
        total: fmtAsset(balanceOf(profile, asset).total, asset),
      },
    ]),
  );
}
