import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import {
  ORDER_SIDES,
  ORDER_TYPES,
  TIME_IN_FORCE_TABLE,
  MARKETS,
  isKnownValue,
  marketAssets,
  orderAmountFields,
} from '@console/schemas';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, FormSection, ProfileField, SelectField, Wide } from '@/components/form';
import { multiply } from '@/lib/decimal';
import { MarketQuote } from '../market-quote';
import { MarketSideWarning } from '../market-side-warning';
import { PriceBandWarning } from '../price-band-warning';
import { PricesStrip } from '../prices-strip';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * What the order takes from its profile, before fees: a buy spends the quote (its quote amount,
 * or base × limit price), a sell its base amount.
 */
function useOrderSpend() {
  const [side, market, base, quote, price] = useWatch({
    name: ['side', 'market', 'base_amount', 'quote_amount', 'price'],
  }) as unknown[];
  const m = text(market);
  if (!m || !isKnownValue(MARKETS, m)) return undefined;
  const assets = marketAssets(m);
  if (side === 'SELL') return { asset: assets.base, amount: text(base) };
  return { asset: assets.quote, amount: text(quote) ?? multiply(text(base), text(price)) };
}

/** The order type (and, for market orders, the side) decides amounts and time-in-force choices. */
function useOrderShape() {
  const [type, side, tif] = useWatch({ name: ['type', 'side', 'time_in_force'] }) as unknown[];
  const knownType = typeof type === 'string' && isKnownValue(ORDER_TYPES, type) ? type : undefined;
  const knownSide = typeof side === 'string' && isKnownValue(ORDER_SIDES, side) ? side : 'BUY';
  const table = knownType ? TIME_IN_FORCE_TABLE[knownType] : undefined;
  const effectiveTif = (typeof tif === 'string' && tif) || table?.default;
  return {
    type: knownType,
    amounts: knownType ? orderAmountFields(knownType, knownSide) : [],
    table,
    gtt: effectiveTif === 'GTT',
  };
}

export function CreateOrderFields() {
  const { type, amounts, table, gtt } = useOrderShape();
  const { getValues, setValue } = useFormContext();
  const spend = useOrderSpend();

  // A new order type preselects its default time in force unless the choice still applies.
  useEffect(() => {
    if (!table) return;
    const current = getValues('time_in_force') as string | undefined;
    if (!current || !table.allowed.includes(current as never)) {
      setValue('time_in_force', table.default);
    }
  }, [table, getValues, setValue]);

  return (
    <>
      <PricesStrip />
      <FormSection group="who">
        <ProfileField name="profile_id" spend={spend} />
        <Field name="recipient_profile_id" />
      </FormSection>
      <FormSection group="what" cols={3}>
        <Field name="side" />
        <Field name="market" />
        <Field name="type" />
        <Wide>
          <MarketQuote />
        </Wide>
        <Wide>
          <MarketSideWarning />
        </Wide>
      </FormSection>
      <FormSection group="amount" cols={3}>
        {amounts.map((name) => (
          <Field key={name} name={name} required />
        ))}
        {!type && (
          <Text size="sm" c="dimmed">
            Choose an order type to see its amounts.
          </Text>
        )}
        {amounts.includes('price') && (
          <Wide>
            <PriceBandWarning />
          </Wide>
        )}
      </FormSection>
      <FormSection group="options">
        <SelectField
          name="time_in_force"
          options={table?.allowed}
          placeholder={table ? `${table.default} (default)` : undefined}
        />
        {gtt ? <Field name="expiration_date" required /> : <div />}
        <Wide>
          <Field name="metadata" />
        </Wide>
      </FormSection>
      <FormSection group="advanced">
        <Wide>
          <Fieldset legend="End user (both or neither)" variant="filled" p="xs">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <Field name="identity_id" />
              <Field name="identity_account_id" />
            </SimpleGrid>
          </Fieldset>
        </Wide>
        <Field name="await_fill_millis" />
        <Field name="self_match_prevention_id" />
        <Field name="ref_id" />
      </FormSection>
    </>
  );
}

// A limit buy is the most common ticket; the type's default time in force is preselected.
export const defaults = { side: 'BUY', type: 'LIMIT', time_in_force: 'GTC' };

export { reviewOrder as review } from '../review';
