import { Group, Text } from '@mantine/core';
import { marketAssets, type Market } from '@console/schemas';
import { percentChange } from '@/lib/decimal';
import { formatAmount } from '@/lib/format-amount';
import { ageWords } from '@/lib/format-time';
import { usePrices } from '@/lib/use-market-data';
import { useNow } from '@/lib/use-now';

/** The markets a desk watches most: the largest USD markets of the appendix. */
const WATCHED: readonly Market[] = ['BTCUSD', 'ETHUSD', 'PAXGUSD', 'LTCUSD', 'BCHUSD'];

/**
 * One line of prices where an operator works with orders: each market's current price and its
 * change since yesterday, and how old the console's shared copy is. Each market stays whole and
 * the strip wraps to another line where the screen is narrow: a strip that scrolled sideways cut
 * a market mid-word with nothing saying more was there (issue 60, item 7).
 */
export function PricesStrip({ markets = WATCHED }: { markets?: readonly Market[] }) {
  const prices = usePrices(markets);
  const now = useNow();
  const items = prices.data?.data.items ?? [];
  const age = prices.data?.fetchedAt ? ageWords(prices.data.fetchedAt, now) : undefined;
  return (
    <Group gap="md" wrap="wrap" role="region" aria-label="Prices" style={{ rowGap: 4 }}>
      {age && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Prices {age}:
        </Text>
      )}
      {prices.isError && !prices.data && <Text size="xs">Prices could not be read.</Text>}
      {items.map((p) => {
        const quote = marketAssets(p.market as Market).quote;
        const change = percentChange(p.yesterday_price, p.current_price);
        return (
          <Text key={p.market} size="xs" style={{ whiteSpace: 'nowrap' }}>
            <strong>{p.market}</strong>{' '}
            {p.current_price ? `${formatAmount(p.current_price, quote)} ${quote}` : '—'}
            {change ? ` (${change} % on yesterday)` : ''}
          </Text>
        );
      })}
    </Group>
  );
}
