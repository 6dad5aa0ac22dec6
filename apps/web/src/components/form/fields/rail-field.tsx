import { Fieldset, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { RAILS, type Rail } from '@console/schemas';
import { useState } from 'react';
import { useFormContext, useFormState, get } from 'react-hook-form';
import { fieldInfo, objectShape } from '@/lib/schema-walk';
import { useOperation } from '../operation-context';
import { Field } from './field';

const NONE = 'none';

/**
 * Source or destination of an orchestration or rule: exactly one of crypto, fiat or profile, each
 * with its own fields from the schema. Switching rails unmounts the other rail's fields, and the
 * form drops values of unmounted fields, so a hidden rail is never sent.
 */
export function RailField({ name }: { name: string }) {
  const { shape } = useOperation();
  const info = fieldInfo(shape, name);
  const members = objectShape(info.schema);
  const { getValues, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const [rail, setRail] = useState<string>(() => {
    const current = getValues(name) as Record<string, unknown> | undefined;
    const given = RAILS.find((r) => current?.[r] !== undefined);
    return given ?? (info.required ? RAILS[0] : NONE);
  });
  const own = get(errors, name) as { message?: string } | undefined;
  const railFields = rail === NONE ? [] : Object.keys(objectShape(members[rail as Rail]!));
  const options = [
    ...(info.required ? [] : [{ value: NONE, label: 'None' }]),
    ...RAILS.map((r) => ({ value: r, label: fieldInfo(shape, `${name}.${r}`).label })),
  ];

  return (
    <Fieldset legend={info.label} variant="filled" p="sm">
      <Stack gap="xs">
        {info.meta.help && (
          <Text size="xs" c="dimmed">
            {info.meta.help}
          </Text>
        )}
        <SegmentedControl
          aria-label={`${info.label} rail`}
          data={options}
          value={rail}
          onChange={setRail}
          size="xs"
          style={{ alignSelf: 'flex-start' }}
        />
        {own?.message && (
          <Text size="sm" c="red" role="alert" data-invalid-focus tabIndex={-1}>
            {own.message}
          </Text>
        )}
        {railFields.length > 0 && (
          // One column: the rail sits in half the form, and two columns there cut ids in half.
          <SimpleGrid cols={1} spacing="sm" verticalSpacing="xs">
            {railFields.map((key) => (
              <Field key={`${rail}.${key}`} name={`${name}.${rail}.${key}`} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}
