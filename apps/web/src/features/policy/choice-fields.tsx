import { Checkbox, Group, Radio } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/*
 * The few-valued fields of a policy rule, as the rule form and the default rule's form both ask
 * them: a handful of choices, each read at a glance, never a select to open.
 */

interface ChoiceProps<T extends FieldValues, R extends FieldValues> {
  control: Control<T, unknown, R>;
  name: FieldPath<T>;
  label: string;
  description?: string;
}

/** A list of roles as checkboxes. */
export function RoleChecks<T extends FieldValues, R extends FieldValues>({
  control,
  name,
  label,
  description,
  roles,
}: ChoiceProps<T, R> & { roles: readonly string[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={label}
          description={description}
          value={field.value as string[]}
          onChange={field.onChange}
          error={fieldState.error?.message}
        >
          <Group gap="md" mt={4}>
            {roles.map((role) => (
              <Checkbox key={role} value={role} label={role} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}

/** How many approvers a hold asks: one or two, as radios. */
export function ApproverCount<T extends FieldValues, R extends FieldValues>({
  control,
  name,
}: Pick<ChoiceProps<T, R>, 'control' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group
          label="Approvers"
          value={field.value as string}
          onChange={field.onChange}
          error={fieldState.error?.message}
        >
          <Group gap="md" mt={4}>
            <Radio value="1" label="1 approver" />
            <Radio value="2" label="2 approvers" />
          </Group>
        </Radio.Group>
      )}
    />
  );
}
