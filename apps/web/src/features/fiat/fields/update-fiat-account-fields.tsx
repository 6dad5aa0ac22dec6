import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Field, FormSection, ObjectFields, Wide, useOperation } from '@/components/form';
import { ErrorState, LoadingState } from '@/components/states/states';
import { fiatAccountName } from '@/lib/fiat-account-words';
import { UUID } from '@/lib/picker';
import { kindOf, schemaAt } from '@/lib/schema-walk';
import { fiatAccountQuery } from '@/lib/use-fiat-accounts';
import { editValues, shownMembers } from '../edit-values';

/** Each member of an object the account holds, edited the way its schema says. */
function Members({ parent, names }: { parent: string; names: string[] }) {
  const { shape } = useOperation();
  return (
    <>
      {names.map((name) => {
        const path = `${parent}.${name}`;
        const schema = schemaAt(shape, path);
        if (!schema) return null;
        return (
          <Wide key={path}>
            {kindOf(schema) === 'object' ? <ObjectFields name={path} /> : <Field name={path} />}
          </Wide>
        );
      })}
    </>
  );
}

/**
 * Update Fiat Account, opened on what the service holds now: the operator picks the account (by
 * name, with its last digits), the form fills with its current owner, instructions and metadata,
 * and only what they change is sent; the review shows each change old → new. The owner stays a
 * person or an institution, as the account has it; the instructions of its rail are shown.
 */
export function UpdateFiatAccountFields() {
  const { shape, baseline, editing, openOn } = useOperation();
  const { watch, getValues, setValue } = useFormContext();
  const [params] = useSearchParams();
  const chosen = watch('id') as unknown;
  const id = typeof chosen === 'string' && UUID.test(chosen) ? chosen : undefined;
  const account = useQuery({ ...fiatAccountQuery(id ?? ''), enabled: id !== undefined });

  // The account's page links here with ?id=: it is picked already.
  useEffect(() => {
    const given = params.get('id');
    if (given && !getValues('id')) setValue('id', given);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A newly picked account opens the form on its current values; what the operator typed for
  // another account is replaced, never mixed in. Once open on it, a later read (a refocus) does
  // not undo what the operator typed.
  useEffect(() => {
    if (!id || !account.data || editing === id) return;
    const values = editValues(shape, account.data);
    openOn({ ...values.form, id }, values.baseline, id);
  }, [id, account.data, editing, shape, openOn]);

  const ready = baseline !== null && account.data !== undefined && editing === id;
  return (
    <>
      <FormSection group="who" cols={1}>
        <Field name="id" />
        {!id && (
          <Text size="sm" c="dimmed">
            Pick the account: the form opens with what the service holds now, and only what you
            change is sent.
          </Text>
        )}
        {id && account.isPending && <LoadingState label="Reading the account’s current values…" />}
        {id && account.isError && (
          <ErrorState error={account.error} onRetry={() => void account.refetch()} />
        )}
        {ready && (
          <>
            <Alert color="blue" variant="light" p="xs" role="note">
              <Text size="sm">
                {fiatAccountName(account.data)}: filled with what the service holds now (status{' '}
                {account.data.status}). Change what needs changing; the rest is not sent.
              </Text>
            </Alert>
            <Members
              parent="fiat_account_owner"
              names={shownMembers(baseline, 'fiat_account_owner')}
            />
          </>
        )}
      </FormSection>
      {ready && (
        <>
          <FormSection group="what" cols={1}>
            <Members
              parent="fiat_network_instructions"
              names={shownMembers(baseline, 'fiat_network_instructions')}
            />
          </FormSection>
          <FormSection group="options">
            <Wide>
              <Field name="metadata" />
            </Wide>
          </FormSection>
        </>
      )}
    </>
  );
}
