/**
 * Decimal places each asset allows. Fiat to the cent; crypto as on its chain, except the
 * service-issued stablecoin USDP, which the service books to 6 places. The sandbox refuses
 * amounts past these (`exceed-precision`); the console shows amounts to them.
 */
export const ASSET_PRECISION: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  SGD: 2,
  BTC: 8,
  ETH: 18,
  PAXG: 18,
  BCH: 8,
  LTC: 8,
  USDP: 6,
  LINK: 18,
  MATIC: 18,
  AAVE: 18,
  UNI: 18,
};

/** Fiat currencies: their amounts are written with cents, `12.50`, never `12.5`. */
export const FIAT_ASSETS: readonly string[] = ['USD', 'EUR', 'SGD'];

/** The decimal places of an asset, or undefined for one the console does not know. */
export function assetPrecision(asset: string | undefined): number | undefined {
  return asset !== undefined && Object.hasOwn(ASSET_PRECISION, asset)
    ? ASSET_PRECISION[asset]
    : undefined;
}
