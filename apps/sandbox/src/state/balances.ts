import Big from 'big.js';
import { SandboxProblem, notFound } from '../problem';
import { fmtAsset } from './assets';
import type { Balance, Profile, SandboxState } from './store';

/** A profile by id, or 404. */
export function profileOr404(state: SandboxState, id: string, field = 'profile_id'): Profile {
  const profile = state.profiles.get(id);
  if (!profile) throw notFound(`${field}: profile ${id} does not exist`);
  return profile;
}

export function balanceOf(profile: Profile, asset: string): Balance {
  let balance = profile.balances.get(asset);
  if (!balance) {
    balance = { total: new Big(0), reserved: new Big(0) };
    profile.balances.set(asset, balance);
  }
  return balance;
}

export function available(profile: Profile, asset: string): Big {
  const b = balanceOf(profile, asset);
  return b.total.minus(b.reserved);
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

export function reserve(profile: Profile, asset: string, amount: Big): void {
  const b = balanceOf(profile, asset);
  b.reserved = b.reserved.plus(amount);
}

export function release(profile: Profile, asset: string, amount: Big): void {
  const b = balanceOf(profile, asset);
  b.reserved = b.reserved.minus(amount);
  if (b.reserved.lt(0)) b.reserved = new Big(0);
}

/** Balances for GET /sandbox/state. */
export function balancesView(
  profile: Profile,
): Record<string, { total: string; available: string; reserved: string }> {
  return Object.fromEntries(
    [...profile.balances.entries()].map(([asset, b]) => [
      asset,
      {
        total: fmtAsset(b.total, asset),
        available: fmtAsset(b.total.minus(b.reserved), asset),
        reserved: fmtAsset(b.reserved, asset),
      },
    ]),
  );
}
