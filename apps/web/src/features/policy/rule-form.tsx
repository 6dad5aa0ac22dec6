import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  APPROVER_ROLES,
  DESTINATION_KINDS,
  operations,
  ROLES,
  WRITE_OPERATION_IDS,
  type PolicyDocumentV2,
  type PolicyRule,
} from '@console/schemas';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApproverCount, RoleChecks } from './choice-fields';
import { RulePreview } from './rule-preview';
import {
  ruleResolver,
  ruleToForm,
  type DestinationChoice,
  type RuleFormValues,
} from './rule-form-values';

const OPERATION_OPTIONS = WRITE_OPERATION_IDS.map((id) => ({
  value: id,
  label: operations[id].title,
}));

const DESTINATION_OPTIONS: { value: DestinationChoice; label: string }[] = [
  { value: 'any', label: 'Anywhere, or no destination' },
  { value: 'book', label: 'An active entry of the book of allowed destinations' },
  { value: 'not-book', label: 'Not an active entry of the book' },
  { value: 'kind', label: 'A kind of destination' },
  { value: 'entry', label: 'One entry of the book' },
];

const ACTION_OPTIONS = [
  { value: 'send', label: 'Send at once' },
  { value: 'hold', label: 'Hold for approval' },
  { value: 'escalate', label: 'Hold, one approver of named roles' },
  { value: 'refuse', label: 'Refuse' },
] as const;

/**
 * One rule of the draft, edited (or a new one): its fields, each problem next to its field, the
 * rule in words and its lint as it is typed. Saving hands the checked rule back.
 */
export function RuleForm({
  rule,
  document,
  replacing,
  onSave,
  onCancel,
}: {
  rule: PolicyRule;
  document: PolicyDocumentV2;
  /** The id of the rule edited, or null for a new rule. */
  replacing: string | null;
  onSave: (rule: PolicyRule) => void;
  onCancel: () => void;
}) {
  const otherIds = document.rules.map((r) => r.id).filter((id) => id !== replacing);
  const form = useForm<RuleFormValues, unknown, PolicyRule>({
    resolver: ruleResolver(() => otherIds),
    mode: 'onChange',
    defaultValues: ruleToForm(rule),
  });
  const { control, register, formState } = form;
  const errors = formState.errors;
  const [anyOperation, anyAsset, choice, anyone, kind] = useWatch({
    control,
    name: ['any_operation', 'any_asset', 'destination.choice', 'anyone', 'action.kind'],
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Attention goes to the form that opened: its title says which rule it edits.
  useEffect(() => titleRef.current?.focus(), []);
  const title = replacing === null ? 'New rule' : `Edit rule ${replacing}`;
  const formId = `rule-form-${replacing ?? 'new'}`;

  return (
    <form
      noValidate
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void form.handleSubmit(onSave)(event)}
    >
      <Stack gap="sm">
        <Title order={4} size="h6" id={`${formId}-title`} ref={titleRef} tabIndex={-1}>
          {title}
        </Title>
        <TextInput
          label="Rule id"
          description="What the diff and the approvers follow the rule by."
          error={errors.id?.message}
          {...register('id')}
        />
        <Fieldset legend="Which sends" variant="unstyled">
          <Stack gap="xs">
            <Checkbox label="Any write operation" {...register('any_operation')} />
            {!anyOperation && (
              <Controller
                control={control}
                name="operations"
                render={({ field, fieldState }) => (
                  <MultiSelect
                    label="Operations"
                    data={OPERATION_OPTIONS}
                    searchable
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            <Checkbox label="Any asset" {...register('any_asset')} />
            {!anyAsset && (
              <TextInput
                label="Assets"
                description="Asset codes separated by commas, such as USD, EUR. For an order: its quote currency."
                error={errors.assets?.message}
                {...register('assets')}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Amount above"
                description="A decimal such as 10000; empty for no floor."
                inputMode="decimal"
                autoComplete="off"
                error={errors.amount?.above?.message}
                {...register('amount.above')}
              />
              <TextInput
                label="Amount up to"
                description="At most this amount; empty for no ceiling."
                inputMode="decimal"
                autoComplete="off"
                error={errors.amount?.up_to?.message}
                {...register('amount.up_to')}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="destination.choice"
              render={({ field }) => (
                <Select
                  label="Destination"
                  data={DESTINATION_OPTIONS}
                  allowDeselect={false}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value ?? 'any');
                    form.setValue(
                      'destination.value',
                      value === 'kind' ? DESTINATION_KINDS[0] : '',
                    );
                  }}
                />
              )}
            />
            {choice === 'kind' && (
              <Controller
                control={control}
                name="destination.value"
                render={({ field, fieldState }) => (
                  <Select
                    label="Kind of destination"
                    data={[...DESTINATION_KINDS]}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            {choice === 'entry' && (
              <TextInput
                label="Book entry id"
                description="The id (a UUID) of an entry of the book of allowed destinations."
                error={errors.destination?.value?.message}
                {...register('destination.value')}
              />
            )}
            <Checkbox label="Initiated by anyone" {...register('anyone')} />
            {!anyone && (
              <RoleChecks
                control={control}
                name="initiator_roles"
                label="Initiated by"
                roles={ROLES}
              />
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend="What happens" variant="unstyled">
          <Stack gap="xs">
            <Controller
              control={control}
              name="action.kind"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label="Action"
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                >
                  <Group gap="md" mt={4}>
                    {ACTION_OPTIONS.map((o) => (
                      <Radio key={o.value} value={o.value} label={o.label} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            {(kind === 'hold' || kind === 'escalate') && (
              <>
                <ApproverCount control={control} name="action.approvers" />
                <RoleChecks
                  control={control}
                  name="action.roles"
                  label="Approver roles"
                  roles={APPROVER_ROLES}
                />
                {kind === 'escalate' && (
                  <RoleChecks
                    control={control}
                    name="action.escalate_to"
                    label="Escalate to"
                    description="One of the approvers must hold one of these roles."
                    roles={APPROVER_ROLES}
                  />
                )}
                <TextInput
                  label="Wait at most (hours)"
                  description="Empty: the policy's default wait."
                  inputMode="numeric"
                  autoComplete="off"
                  error={errors.action?.max_wait_hours?.message}
                  {...register('action.max_wait_hours')}
                />
              </>
            )}
            {kind === 'refuse' && (
              <TextInput
                label="Reason"
                description="Said to whoever makes a send the rule refuses."
                error={errors.action?.reason?.message}
                {...register('action.reason')}
              />
            )}
          </Stack>
        </Fieldset>
        <RulePreview control={control} document={document} replacing={replacing} />
        {errors.root?.message && (
          <Text size="sm" c="red">
            {errors.root.message}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs">
            Save rule
          </Button>
          <Button type="button" size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
