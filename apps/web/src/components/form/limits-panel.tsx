import { Alert, List, Stack, Text } from '@mantine/core';
import { MARKETS, isKnownValue, type Market, type TransferLimit } from '@console/schemas';
import { useWatch } from 'react-hook-form';
import { exceeds, isDecimal, multiply, subtract } from '@/lib/decimal';
import { railOf } from '@/lib/fiat-account-words';
import { formatAmount } from '@/lib/format-amount';
import { limitTypeOf, limitWords } from '@/lib/transfer-limits';
import { useFiatAccounts } from '@/lib/use-fiat-accounts';
import { usePrices } from '@/lib/use-market-data';
import { useTransferLimits } from '@/lib/use-transfer-limits';
import { useOperation } from './operation-context';

export interface LimitsPanelProps {
  /** The fields of the amount and its asset, where the request has an amount. */
  amount?: string;
  asset: string;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The market that prices `asset` in `quote` (BTC in USD: BTCUSD), when there is one. */
function marketOf(asset: string | undefined, quote: string | undefined): Market | undefined {
  const name = `${asset ?? ''}${quote ?? ''}`;
  return isKnownValue(MARKETS, name) ? name : undefined;
}

/** One limit: what it allows, what is left, and what this send would leave. */
function LimitLine({ limit, amount }: { limit: TransferLimit; amount: string | undefined }) {
  const asset = limit.limit_asset ?? '';
  const left = limit.remaining;
  const after = amount !== undefined ? subtract(left, amount) : undefined;
  return (
    <List.Item>
      <Text size="sm" span>
        {limitWords(limit)}:{' '}
        <strong>
          {formatAmount(left ?? '?', asset)} {asset} left
        </strong>
        {after !== undefined && !after.startsWith('-') && (
          <>
            , {formatAmount(after, asset)} {asset} after this send
          </>
        )}
      </Text>
    </List.Item>
  );
}

/**
 * The transfer limits that apply to the request (List Transfer Limits, by the transfer type it
 * counts against) with what remains of each, and what this send would leave. A send in another
 * asset than a limit's is valued at the market's current price, as an estimate: the service
 * counts it at its own price when it accepts it. Past what remains, a warning here; the review
 * refuses it (`lib/use-transfer-limits.ts`).
 */
export function LimitsPanel({ amount: amountField, asset: assetField }: LimitsPanelProps) {
  const { op } = useOperation();
  const values = useWatch() as Record<string, unknown>;
  const fiat = useFiatAccounts();
  const type = limitTypeOf(op.id, values, {
    fiatRail: (id) => {
      const account = fiat.byId.get(id);
      return account ? railOf(account) : undefined;
    },
  });
  const limits = useTransferLimits(type);
  const asset = text(values[assetField]);
  const amount =
    amountField && isDecimal(values[amountField]) ? (values[amountField] as string) : undefined;
  const items = limits.data?.items ?? [];
  const limitAsset = items[0]?.limit_asset;
  const priced = asset !== limitAsset ? marketOf(asset, limitAsset) : undefined;
  const prices = usePrices(priced ? [priced] : []);
  const price = prices.data?.data.items.find((p) => p.market === priced)?.current_price;
  // The send in the limits' asset: itself, or an estimate at the current price.
  const counted = asset === limitAsset ? amount : multiply(amount, price);
  const over = counted !== undefined ? items.filter((l) => exceeds(counted, l.remaining)) : [];

  if (!type) return null;
  return (
    <Stack gap={4} role="region" aria-label="Transfer limits">
      <Text size="sm" fw={600}>
        Transfer limits
      </Text>
      {limits.isPending && (
        <Text size="sm" c="dimmed">
          Reading the limits…
        </Text>
      )}
      {limits.isError && (
        <Text size="sm">The limits could not be read: the service still applies them.</Text>
      )}
      {limits.data && items.length === 0 && (
        <Text size="sm">The service lists no limit on these transfers.</Text>
      )}
      {items.length > 0 && (
        <List size="sm" spacing={2}>
          {items.map((l) => (
            <LimitLine
              key={`${l.rule_id ?? ''}-${l.period_seconds ?? ''}`}
              limit={l}
              amount={asset === l.limit_asset ? amount : undefined}
            />
          ))}
        </List>
      )}
      {priced && counted !== undefined && (
        <Text size="xs">
          This send is about {formatAmount(counted, limitAsset)} {limitAsset} at the current{' '}
          {priced} price; the service counts it at its price when it accepts it.
        </Text>
      )}
      {over.length > 0 && (
        <Alert color="orange" variant="light" p="xs" role="status" title="Above what remains">
          {formatAmount(counted!, limitAsset)} {limitAsset} is more than is left of{' '}
          {over.map((l) => limitWords(l)).join('; ')}. The service refuses it.
        </Alert>
      )}
    </Stack>
  );
}
