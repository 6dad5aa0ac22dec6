/**
 * The seam for a value in USD. A balance's value needs the price of its asset, which comes with
 * the market data reads of the service's appendix B, not yet in the console's registry. Until
 * they are, there is no price, so no value is shown and none is made up: pages say so. When they
 * land, this answers the prices (decimal text per asset, never a number) and the profiles page
 * shows each balance's value and the totals' in USD.
 */
export function usePricesInUsd(): ReadonlyMap<string, string> | undefined {
  return undefined;
}
