import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, FormSection, LimitsPanel, useField, Wide } from '@/components/form';

type QuoteBy = 'amount' | 'total';

/**
 * Exactly one of amount and total (spec §8): one switch picks which, and only that field is
 * mounted, so the other is never sent.
 */
function AmountOrTotal() {
  const { getValues } = useFormContext();
  const amount = useField('amount');
  const total = useField('total');
  const [by, setBy] = useState<QuoteBy>(() => (getValues('total') ? 'total' : 'amount'));
  return (
    <>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="quote-by-label">
          Quote by
        </Text>
        <SegmentedControl
          aria-labelledby="quote-by-label"
          size="xs"
          value={by}
          onChange={(value) => setBy(value as QuoteBy)}
          data={[
            { value: 'amount', label: amount.label },
            { value: 'total', label: total.label },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Field key={by} name={by} required />
      </Stack>
      <Wide>
        {/* A quote moves nothing; the withdrawal it prices counts against these. */}
        <LimitsPanel amount={by} asset="asset" />
      </Wide>
    </>
  );
}

export function CreateCryptoWithdrawalFeeFields() {
  return (
    <>
      <FormSection group="what">
        <Field name="asset" />
        <Field name="crypto_network" />
      </FormSection>
      <FormSection group="who" cols={1}>
        <Field name="destination_address" />
      </FormSection>
      <FormSection group="amount">
        <AmountOrTotal />
      </FormSection>
    </>
  );
}
