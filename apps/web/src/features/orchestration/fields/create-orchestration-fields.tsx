import { Field, FormSection, RailField, Wide } from '@/components/form';

export function CreateOrchestrationFields() {
  return (
    <>
      <FormSection group="who" cols={3}>
        <Field name="profile_id" />
        <Field name="identity_id" />
        <Field name="account_id" />
      </FormSection>
      <FormSection group="what">
        <Field name="source_asset" />
        <Field name="destination_asset" />
        <RailField name="source" />
        <RailField name="destination" />
      </FormSection>
      <FormSection group="amount">
        <Field name="source_amount" />
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

export { reviewOrchestration as review } from '../review';
