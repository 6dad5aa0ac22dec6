import { formatAmountIn } from '@console/schemas';

/*
 * The one way the console shows an amount is the schemas package's (`formatAmountIn`), shared
 * with the BFF's messages so that an email says an amount as the screen does; here it takes the
 * operator's locale.
 */

/** The operator's locale, as the browser reports it. */
export function operatorLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/** An amount for display in the operator's locale (see `formatAmountIn`). */
export function formatAmount(
  value: string,
  asset?: string | undefined,
  locale: string | undefined = operatorLocale(),
): string {
  return formatAmountIn(value, asset, locale);
}

/** `1,234.50 USD`: an amount and its asset as one phrase, for sentences and summaries. */
export function formatMoney(value: string, asset: string | undefined): string {
  return `${formatAmount(value, asset)}${asset ? ` ${asset}` : ''}`;
}
