import { Autocomplete, Button, Group, Stack, Text } from '@mantine/core';
import { newRefId } from '@console/schemas';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { formatLocal, toDate } from '@/lib/format-time';
import { useUsedTokens } from '@/lib/used-tokens';
import type { FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

/**
 * A token the client makes up and reuses (the self-match prevention id): not a record, so not
 * picked from the service, but offered from the tokens the console sent on this profile's
 * accepted orders, most recent first, or made new with one click. A desk's own name for it
 * ("desk-1") may be typed; nobody has to type an id.
 */
export function TokenField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const { control, setValue } = useFormContext();
  const profile = useWatch({ name: 'profile_id' }) as unknown;
  const profileId = typeof profile === 'string' && profile ? profile : undefined;
  const used = useUsedTokens(profileId);
  const tokens = used.data ?? [];
  const make = () =>
    setValue(name, newRefId(), { shouldDirty: true, shouldValidate: true, shouldTouch: true });
  return (
    <Stack gap={4}>
      <Controller
        name={name}
        control={control}
        render={({ field: input }) => (
          <Autocomplete
            id={field.id}
            ref={input.ref}
            label={field.label}
            description={field.meta.help}
            {...requiredProps(field.required)}
            error={field.error}
            value={typeof input.value === 'string' ? input.value : ''}
            onChange={input.onChange}
            onBlur={input.onBlur}
            data={tokens.map((t) => t.token)}
            renderOption={({ option }) => {
              const t = tokens.find((x) => x.token === option.value);
              const last = t && toDate(t.lastUsed);
              return (
                <Stack gap={0}>
                  <Text size="sm" ff="monospace">
                    {option.value}
                  </Text>
                  {t && (
                    <Text size="xs">
                      {t.orders} {t.orders === 1 ? 'order' : 'orders'}, last on{' '}
                      {last ? formatLocal(last) : t.lastUsed}
                    </Text>
                  )}
                </Stack>
              );
            }}
            placeholder={
              profileId
                ? tokens.length
                  ? 'A token this profile used, or a new one'
                  : 'No token used on this profile yet: make a new one'
                : 'Choose the profile first to see its tokens'
            }
            autoComplete="off"
            spellCheck={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <Group gap="xs">
        <Button size="compact-xs" variant="default" onClick={make}>
          New token
        </Button>
        <Text size="xs" c="dimmed">
          With a token, this order leaves your resting orders it would match standing.
        </Text>
      </Group>
    </Stack>
  );
}
