import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  MARKETS,
  estimateOrderFee,
  isKnownValue,
  marketAssets,
  type Market,
  type MarketDetails,
  type OrderSide,
  type OrderType,
  type Ticker,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { formatAmount } from '@/lib/format-amount';
import { ageWords } from '@/lib/format-time';
import { maintenanceWords, rangeWords, sideStatusWords } from '@/lib/market-status';
import { marketMidpoint, orderNotional } from '@/lib/order-estimate';
import { useFeeSchedule } from '@/lib/use-fee-schedule';
import { feeBasisWords, feeWords } from '@/lib/fee-estimate-words';
import { rememberEstimate } from './fee-estimate-memo';
import { useMarkets, usePrices, useTicker } from '@/lib/use-market-data';
import { useNow } from '@/lib/use-now';
import { readListPage } from '@/lib/use-service-list';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The profile's latest fills (50 at most): their rates stand in without a fee schedule. */
function useRecentFills(profileId: string | undefined) {
  return useQuery({
    queryKey: ['svc', 'listExecutions', 'fee-rate', profileId],
    queryFn: async () =>
      (await readListPage('listExecutions', { profile_id: profileId }, { limit: 50 })).items,
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

/** The market's status side by side, with any maintenance planned (appendix B, List Markets). */
function MarketState({ details }: { details: MarketDetails | undefined }) {
  if (!details?.market_status) return null;
  const windows = details.market_status.scheduled_maintenance ?? [];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Market status">
      <Fact label="Buying">{sideStatusWords(details, 'BUY')}</Fact>
      <Fact label="Selling">{sideStatusWords(details, 'SELL')}</Fact>
      <Fact label="Scheduled maintenance">
        {windows.length ? windows.map(maintenanceWords).join('; ') : 'None planned'}
      </Fact>
    </SimpleGrid>
  );
}

/**
 * Today's and the previous day's figures, each labelled with the window it covers (`range`, the
 * window, never high minus low): what "high" and "volume" mean depends on it.
 */
function TickerDays({
  ticker,
  quote,
  base,
}: {
  ticker: Ticker | undefined;
  quote: string;
  base: string;
}) {
  const days = [
    ['Today', ticker?.today],
    ['Previous day', ticker?.last_day],
  ] as const;
  if (!days.some(([, stats]) => stats)) return null;
  const price = (value: string | undefined) =>
    value ? `${formatAmount(value, quote)} ${quote}` : '—';
  return (
    <Stack gap="xs">
      {days.map(([label, stats]) =>
        stats ? (
          <Stack key={label} gap={4} component="section" aria-label={label}>
            <Text size="xs" fw={600}>
              {label}: {rangeWords(stats.range)}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
              <Fact label="Open">{price(stats.open)}</Fact>
              <Fact label="High">{price(stats.high)}</Fact>
              <Fact label="Low">{price(stats.low)}</Fact>
              <Fact label="Volume">
                {stats.volume ? `${formatAmount(stats.volume, base)} ${base}` : '—'}
              </Fact>
              <Fact label="Average price (volume-weighted)">
                {stats.volume_weighted_average_price
                  ? price(stats.volume_weighted_average_price)
                  : 'No executions'}
              </Fact>
            </SimpleGrid>
          </Stack>
        ) : null,
      )}
    </Stack>
  );
}

/**
 * Before review, what the service would say about the order (issue 34): the market's current
 * price, best bid and ask and how old they are (the BFF's shared copy, `fetched_at`), the order's
 * notional and an estimated fee, the smallest and largest order the market takes, its status side
 * by side, and today's and the previous day's figures with the window each covers.
 */
export function MarketQuote() {
  const { market, order, profileId } = useOrderDraft();
  const now = useNow();
  const quote = useMarketNow(market);
  const markets = useMarkets();
  const fills = useRecentFills(profileId);
  const schedule = useFeeSchedule();
  // Known once the schedule is read (and, without one for the market, the fills).
  const estimate =
    market && order.type && order.side && schedule.isSuccess
      ? estimateOrderFee(
          { ...order, market, type: order.type, side: order.side },
          {
            midpoint: quote.midpoint,
            schedule: schedule.data.schedule,
            executions: fills.data ?? [],
          },
        )
      : undefined;
  useEffect(() => {
    if (estimate && market) rememberEstimate({ ...order, market, profile_id: profileId }, estimate);
  });
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
          <Fact label="Fee (estimate)">{feeWords(estimate, quoteAsset)}</Fact>
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
        <MarketState details={details} />
        <TickerDays ticker={quote.ticker} quote={quoteAsset} base={base} />
        {feeBasisWords(estimate, market) && (
          <Text size="xs" c="dimmed">
            {feeBasisWords(estimate, market)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
