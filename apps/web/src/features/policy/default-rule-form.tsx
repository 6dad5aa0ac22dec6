import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { APPROVER_ROLES, DefaultRuleSchema, type HoldAction } from '@console/schemas';
import { toNestErrors } from '@hookform/resolvers';
import { useEffect, useRef } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { ApproverCount, RoleChecks } from './choice-fields';

interface DefaultRuleValues {
  approvers: '1' | '2';
  roles: HoldAction['roles'];
  max_wait_hours: string;
}

/** The default as `DefaultRuleSchema` checks it: it always holds, so only who and how long change. */
const resolver: Resolver<DefaultRuleValues, unknown, HoldAction> = (values, _context, options) => {
  const wait = values.max_wait_hours.trim();
  const parsed = DefaultRuleSchema.safeParse({
    kind: 'hold',
    approvers: Number(values.approvers),
    roles: values.roles,
    ...(wait && { max_wait_hours: Number(wait) }),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'root');
    flat[field in values ? field : 'root'] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** What holds a send no rule matches: always a hold, for approvers of named roles. */
export function DefaultRuleForm({
  rule,
  onSave,
  onCancel,
}: {
  rule: HoldAction;
  onSave: (rule: HoldAction) => void;
  onCancel: () => void;
}) {
  const form = useForm<DefaultRuleValues, unknown, HoldAction>({
    resolver,
    mode: 'onChange',
    defaultValues: {
      approvers: `${rule.approvers}`,
      roles: [...rule.roles],
      max_wait_hours: rule.max_wait_hours === undefined ? '' : String(rule.max_wait_hours),
    },
  });
  const errors = form.formState.errors;
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <form
      noValidate
      aria-labelledby="default-rule-form-title"
      onSubmit={(event) => void form.handleSubmit(onSave)(event)}
    >
      <Stack gap="sm">
        <Title order={4} size="h6" id="default-rule-form-title" ref={titleRef} tabIndex={-1}>
          Edit the rule when no rule matches
        </Title>
        <ApproverCount control={form.control} name="approvers" />
        <RoleChecks
          control={form.control}
          name="roles"
          label="Approver roles"
          roles={APPROVER_ROLES}
        />
        <TextInput
          label="Wait at most (hours)"
          description="Empty: the policy's default wait."
          inputMode="numeric"
          autoComplete="off"
          error={errors.max_wait_hours?.message ?? errors.root?.message}
          {...form.register('max_wait_hours')}
        />
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
