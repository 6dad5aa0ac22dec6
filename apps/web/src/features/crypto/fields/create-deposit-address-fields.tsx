import { Field, FormSection, Wide } from '@/components/form';

export function CreateDepositAddressFields() {
  return (
    <>
      <FormSection group="who" cols={3}>
        <Field name="profile_id" />
        <Field name="identity_id" />
        <Field name="account_id" />
      </FormSection>
      <FormSection group="what">
        <Field name="crypto_network" />
        <Field name="conversion_target_asset" />
      </FormSection>
      <FormSection group="options">
        <Field name="ref_id" />
        <Wide>
          <Field name="metadata" />
        </Wide>
      </FormSection>
    </>
  );
}
