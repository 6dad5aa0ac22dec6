import { Field, FormSection, RailField } from '@/components/form';

export function CreateOrchestrationRuleFields() {
  return (
    <>
      <FormSection group="who" cols={3}>
        <Field name="profile_id" />
        <Field name="identity_id" />
        <Field name="account_id" />
      </FormSection>
      <FormSection group="what">
        <Field name="nickname" />
        <div />
        <Field name="source_asset" />
        <Field name="destination_asset" />
        <RailField name="source" />
        <RailField name="destination" />
      </FormSection>
      <FormSection group="options">
        <Field name="ref_id" />
      </FormSection>
    </>
  );
}

export { reviewOrchestrationRule as review } from '../review';
