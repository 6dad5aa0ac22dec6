import { formatAmount } from '@/lib/format-amount';

/** "125.50 USD" for a transfer or an orchestration's source; undefined for the others. */
export function amountSummary(fields: Record<string, unknown>): string | undefined {
  for (const [amount, asset] of [
    ['amount', 'asset'],
    ['source_amount', 'source_asset'],
  ] as const) {
    const value = fields[amount];
    if (typeof value === 'string') {
      const code = typeof fields[asset] === 'string' ? (fields[asset] as string) : undefined;
      return `${formatAmount(value, code)} ${code ?? ''}`.trim();
    }
  }
  return undefined;
}
