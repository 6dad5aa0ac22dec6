import { ASSET_PRECISION, FIAT_ASSETS } from '@console/schemas';
import Big from 'big.js';
import { SandboxProblem, badRequest } from '../problem';

export { ASSET_PRECISION, FIAT_ASSETS };

export const ASSETS = Object.keys(ASSET_PRECISION);

// big.js rounding modes, named.
export const ROUND_DOWN = 0 as const;
export const ROUND_HALF_UP = 1 as const;
export const ROUND_UP = 3 as const;

/** The precision of a known asset, or a 400 naming the field. */
export function precisionOf(asset: string, field: string): number {
  const places = ASSET_PRECISION[asset];
  if (places === undefined) {
    throw badRequest(`${field}: ${asset} is not an asset of the service`, {
      errors: [{ path: field, message: `${asset} is not an asset of the service` }],
    });
  }
  return places;
}

/** Parses a decimal string that the schema already checked, refusing more decimals than the asset has. */
export function amountOf(value: string, asset: string, field: string): Big {
  const places = precisionOf(asset, field);
  const decimals = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
  // Trailing zeros carry no precision: 1.50 USD is fine, 1.505 is not.
  const significant = decimals - (/0+$/.exec(value.split('.')[1] ?? '')?.[0].length ?? 0);
  if (significant > places) {
    throw new SandboxProblem(
      400,
      'exceed-precision',
      `${field}: ${asset} allows at most ${places} decimal places`,
      { errors: [{ path: field, message: `${asset} allows at most ${places} decimal places` }] },
    );
  }
  return new Big(value);
}

/** A decimal string for a response, to the asset's places at most, without trailing zeros. */
export function fmt(value: Big, places = 18): string {
  return value.round(places, ROUND_DOWN).toFixed();
}

/** An amount of an asset for a response, fiat always with two decimals. */
export function fmtAsset(value: Big, asset: string): string {
  const places = ASSET_PRECISION[asset] ?? 18;
  return FIAT_ASSETS.includes(asset) ? value.toFixed(places, ROUND_DOWN) : fmt(value, places);
}
