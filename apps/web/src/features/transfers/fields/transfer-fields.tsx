import { Field, FormSection, Wide } from '@/components/form';

/**
 * Internal and svc transfers take the same fields (spec §5): who sends and receives, what and how
 * much, then options. Each operation still has its own fields module named after it.
 */
export function TransferFields() {
  return (
    <>
      <FormSection group="who">
        <Field name="from_profile_id" />
        <Field name="to_profile_id" />
        <Field name="from_identity_id" />
        <Field name="to_identity_id" />
        <Field name="from_account_id" />
        <Field name="to_account_id" />
      </FormSection>
      <FormSection group="amount">
        <Field name="asset" />
        <Field name="amount" />
      </FormSection>
      <FormSection group="options">
        <Field name="ref_id" />
        <Wide>
          <Field name="metadata" />
        </Wide>
        <Wide>
          <Field name="recipient_metadata" />
        </Wide>
      </FormSection>
    </>
  );
}
