import { useWatch } from 'react-hook-form';
import { Field, FormSection, LimitsPanel, ProfileField, Wide } from '@/components/form';

/**
 * Internal and svc transfers take the same fields (spec §5): who sends and receives, what and how
 * much with the limits that apply, then options; the end users and the reference id under
 * Advanced. Each operation still has its own fields module named after it.
 */
export function TransferFields() {
  const [asset, amount] = useWatch({ name: ['asset', 'amount'] }) as unknown[];
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return (
    <>
      <FormSection group="who">
        <ProfileField name="from_profile_id" spend={{ asset: text(asset), amount: text(amount) }} />
        <ProfileField name="to_profile_id" asset={text(asset)} />
      </FormSection>
      <FormSection group="amount">
        <Field name="asset" />
        <Field name="amount" />
        <Wide>
          <LimitsPanel amount="amount" asset="asset" />
        </Wide>
      </FormSection>
      <FormSection group="options">
        <Wide>
          <Field name="metadata" />
        </Wide>
        <Wide>
          <Field name="recipient_metadata" />
        </Wide>
      </FormSection>
      <FormSection group="advanced">
        <Field name="from_identity_id" />
        <Field name="from_account_id" />
        <Field name="to_identity_id" />
        <Field name="to_account_id" />
        <Field name="ref_id" />
      </FormSection>
    </>
  );
}
