/** "125.50 USD" for a transfer or an orchestration's source; undefined for the others. */
export function amountSummary(fields: Record<string, unknown>): string | undefined {
  for (const [amount, asset] of [
    ['amount', 'asset'],
    ['source_amount', 'source_asset'],
  ] as const) {
    if (typeof fields[amount] === 'string') {
      return `${fields[amount] as string} ${typeof fields[asset] === 'string' ? (fields[asset] as string) : ''}`.trim();
    }
  }
  return undefined;
}
