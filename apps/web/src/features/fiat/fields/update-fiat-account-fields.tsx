import { Accordion } from '@mantine/core';
import { Field, FormSection, ObjectFields, Wide } from '@/components/form';

/**
 * Only what the operator fills in is sent: an empty section is left out of the request. The
 * owner's own network instructions are rarely changed, so they stay folded.
 */
export function UpdateFiatAccountFields() {
  return (
    <>
      <FormSection group="who" cols={1}>
        <Field name="id" />
        <ObjectFields name="fiat_account_owner.person_details" />
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="owner-instructions">
            <Accordion.Control>Owner network instructions</Accordion.Control>
            <Accordion.Panel>
              <ObjectFields name="fiat_account_owner.fiat_network_instructions" legend={false} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </FormSection>
      <FormSection group="what" cols={1}>
        <ObjectFields name="fiat_network_instructions" legend={false} />
      </FormSection>
      <FormSection group="options">
        <Wide>
          <Field name="metadata" />
        </Wide>
      </FormSection>
    </>
  );
}
