import { Field, FormSection, Wide } from '@/components/form';

export function CreateDepositAddressFields() {
  return (
    <>
      <FormSection group="who">
        <Field name="profile_id" />
      </FormSection>
      <FormSection group="what">
        <Field name="crypto_network" />
        <Field name="conversion_target_asset" />
      </FormSection>
      <FormSection group="options">
        <Wide>
          <Field name="metadata" />
        </Wide>
      </FormSection>
      <FormSection group="advanced" cols={3}>
        <Field name="identity_id" />
        <Field name="account_id" />
        <Field name="ref_id" />
      </FormSection>
    </>
  );
}
