import { Field, FormSection, LimitsPanel, RailField, Wide } from '@/components/form';

export function CreateOrchestrationRuleFields() {
  return (
    <>
      <FormSection group="who">
        <Field name="profile_id" />
      </FormSection>
      <FormSection group="what">
        <Field name="nickname" />
        <div />
        <Field name="source_asset" />
        <Field name="destination_asset" />
        <RailField name="source" />
        <RailField name="destination" />
        <Wide>
          {/* A rule moves nothing itself: each orchestration it makes counts against these. */}
          <LimitsPanel asset="source_asset" />
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

export { reviewOrchestrationRule as review } from '../review';
