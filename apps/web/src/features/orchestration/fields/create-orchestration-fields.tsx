import { Field, FormSection, LimitsPanel, RailField, Wide } from '@/components/form';

export function CreateOrchestrationFields() {
  return (
    <>
      <FormSection group="who">
        <Field name="profile_id" />
      </FormSection>
      <FormSection group="what">
        <Field name="source_asset" />
        <Field name="destination_asset" />
        <RailField name="source" />
        <RailField name="destination" />
      </FormSection>
      <FormSection group="amount">
        <Field name="source_amount" />
        <Wide>
          <LimitsPanel amount="source_amount" asset="source_asset" />
        </Wide>
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

export { reviewOrchestration as review } from '../review';
