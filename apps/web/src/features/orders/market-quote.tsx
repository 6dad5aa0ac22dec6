import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  MARKETS,
  isKnownValue,
  marketAssets,
  type Market,
  type OrderSide,
  type OrderType,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { multiply } from '@/lib/decimal';
import { formatAmount } from '@/lib/format-amount';
import { ageWords } from '@/lib/format-time';
import { feeEstimate, feeRateOf, marketMidpoint, orderNotional } from '@/lib/order-estimate';
import { useMarkets, usePrices, useTicker } from '@/lib/use-market-data';
import { useNow } from '@/lib/use-now';
import { readListPage } from '@/lib/use-service-list';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The commission rate of the profile's latest fills (50 at most): what a fee is estimated at. */
function useFeeRate(profileId: string | undefined) {
  return useQuery({
    queryKey: ['svc', 'listExecutions', 'fee-rate', profileId],
    queryFn: async () =>
      feeRateOf(
        (await readListPage('listExecutions', { profile_id: profileId }, { limit: 50 })).items,
      ),
    enabled: profileId !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** The market, amounts and price the order form holds now. */
export function useOrderDraft() {
  const [market, type, side, base, quote, price, stop, profile] = useWatch({
    name: [
      'market',
      'type',
      'side',
      'base_amount',
      'quote_amount',
      'price',
      'stop_price',
      'profile_id',
    ],
  }) as unknown[];
  const m = text(market);
  return {
    market: m && isKnownValue(MARKETS, m) ? (m as Market) : undefined,
    order: {
      type: text(type) as OrderType | undefined,
      side: text(side) as OrderSide | undefined,
      base_amount: text(base),
      quote_amount: text(quote),
      price: text(price),
      stop_price: text(stop),
    },
    profileId: text(profile),
  };
}

/** The market now: its price, best bid and ask, their midpoint, and how old the copy is. */
export function useMarketNow(market: Market | undefined) {
  const ticker = useTicker(market);
  const prices = usePrices(market ? [market] : []);
  const current = prices.data?.data.items.find((p) => p.market === market)?.current_price;
  return {
    ticker: ticker.data?.data,
    fetchedAt: ticker.data?.fetchedAt ?? prices.data?.fetchedAt,
    current,
    midpoint: marketMidpoint(ticker.data?.data, current),
    failed: ticker.isError && prices.isError,
  };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * Before review, what the service would say about the order (issue 34): the market's current
 * price, best bid and ask and how old they are (the BFF's shared copy, `fetched_at`), the order's
 * notional and an estimated fee, and the smallest and largest order the market takes.
 */
export function MarketQuote() {
  const { market, order, profileId } = useOrderDraft();
  const now = useNow();
  const quote = useMarketNow(market);
  const markets = useMarkets();
  const rate = useFeeRate(profileId);
  if (!market) {
    return (
      <Text size="sm" c="dimmed">
        Choose a market to see its price.
      </Text>
    );
  }
  const { base, quote: quoteAsset } = marketAssets(market);
  const details = markets.byMarket.get(market);
  const notional = orderNotional(order, quote.midpoint);
  const fee = feeEstimate(notional, rate.data, quoteAsset);
  const amount = (value: string | undefined, asset: string) =>
    value ? `${formatAmount(value, asset)} ${asset}` : '—';
  const age = quote.fetchedAt ? ageWords(quote.fetchedAt, now) : undefined;
  return (
    <Card withBorder padding="sm" component="section" aria-label={`${market} now`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {market} now
          </Text>
          <Text size="xs" c="dimmed" aria-live="polite">
            {quote.failed
              ? 'Prices could not be read: the service still checks the order'
              : age
                ? `Prices ${age}`
                : 'Reading prices…'}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Fact label="Current price">{amount(quote.current, quoteAsset)}</Fact>
          <Fact label="Best bid">{amount(quote.ticker?.best_bid?.price, quoteAsset)}</Fact>
          <Fact label="Best ask">{amount(quote.ticker?.best_ask?.price, quoteAsset)}</Fact>
          <Fact label="Midpoint">{amount(quote.midpoint, quoteAsset)}</Fact>
          <Fact label="Notional (estimate)">{amount(notional, quoteAsset)}</Fact>
          <Fact label="Fee (estimate)">
            {fee
              ? amount(fee, quoteAsset)
              : rate.isSuccess && !rate.data
                ? 'Not known: no fill of this profile to learn the rate from'
                : '—'}
          </Fact>
          <Fact label={`Order size in ${base}`}>
            {details
              ? `${formatAmount(details.min_base_amount ?? '?', base)} to ${formatAmount(details.max_base_amount ?? '?', base)}`
              : '—'}
          </Fact>
          <Fact label={`Order size in ${quoteAsset}`}>
            {details
              ? `${formatAmount(details.min_quote_amount ?? '?', quoteAsset)} to ${formatAmount(details.max_quote_amount ?? '?', quoteAsset)}`
              : '—'}
          </Fact>
        </SimpleGrid>
        {fee && rate.data && (
          <Text size="xs" c="dimmed">
            The fee is estimated at {multiply(rate.data, '100')} % of the notional, the highest rate
            this profile’s recent fills paid; the service publishes no rate.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
