import { Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { pastedValue, UUID } from '@/lib/picker';
import { CopyValue } from '../../result/copy-value';
import { TextField, type FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

/** One record a picker offers: the value the field takes, its name, and a line that tells it apart. */
export interface PickerOption {
  value: string;
  label: string;
  detail?: string;
}

export interface ListPickerProps extends FieldProps {
  options: readonly PickerOption[];
  /** The records in words, for messages: one ("fiat account") and many ("fiat accounts"). */
  noun: string;
  plural: string;
  loading: boolean;
  /** The list failed to load: the field falls back to a text box with its format check. */
  failed: boolean;
  /** The form of a whole value pasted into the search: a UUID unless the field takes another member. */
  form?: RegExp;
  /** Called when the list opens (a picker may read more about its records then). */
  onOpen?: () => void;
  /** Shown under the chosen value (a balance, the account's status). */
  below?: ReactNode;
}

/**
 * An id field filled from a list operation: searching matches names, details and values as the
 * operator types; the chosen value shows small and copyable; a value pasted whole is taken only
 * when the list has it (`lib/picker.ts`). Without the list, the field is plain text.
 */
export function ListPicker({
  name,
  required,
  options,
  noun,
  plural,
  loading,
  failed,
  form = UUID,
  onOpen,
  below,
}: ListPickerProps) {
  const field = useField(name, required);
  const { control, watch, setValue } = useFormContext();
  const [unknown, setUnknown] = useState<string>();
  // A value pasted before the list arrived is checked once it has.
  const [pending, setPending] = useState<string>();
  const chosen = watch(name) as unknown;
  const value = typeof chosen === 'string' && chosen ? chosen : undefined;

  useEffect(() => {
    if (loading || pending === undefined) return;
    setPending(undefined);
    const pasted = pastedValue(
      pending,
      options.map((o) => o.value),
      form,
    );
    if (!pasted) return;
    setUnknown(pasted.kind === 'unknown' ? pasted.value : undefined);
    if (pasted.kind === 'known') setValue(name, pasted.value, { shouldValidate: true });
  }, [loading, pending, options, form, name, setValue]);

  if (failed) {
    return (
      <Stack gap={4}>
        <TextField name={name} required={required} />
        <Text size="xs" c="orange.9">
          The list of {plural} could not be loaded: type the value.
        </Text>
      </Stack>
    );
  }
  const chosenOption = options.find((o) => o.value === value);
  return (
    <Stack gap={4}>
      <Controller
        name={name}
        control={control}
        render={({ field: input }) => (
          <Select
            id={field.id}
            ref={input.ref}
            label={field.label}
            description={field.meta.help}
            {...requiredProps(field.required)}
            error={
              field.error ?? (unknown ? `No ${noun} the console can see is ${unknown}.` : undefined)
            }
            data={options.map((o) => ({ value: o.value, label: o.label }))}
            value={value ?? null}
            onChange={(next) => {
              setUnknown(undefined);
              input.onChange(next ?? '');
            }}
            onBlur={input.onBlur}
            onDropdownOpen={onOpen}
            onSearchChange={(search) => {
              if (loading) {
                setPending(search);
                return;
              }
              const pasted = pastedValue(
                search,
                options.map((o) => o.value),
                form,
              );
              if (!pasted) return;
              setUnknown(pasted.kind === 'unknown' ? pasted.value : undefined);
              if (pasted.kind === 'known') input.onChange(pasted.value);
            }}
            filter={({ options: shown, search }) => {
              const needle = search.trim().toLowerCase();
              return shown.filter((o) => {
                if (!('value' in o)) return false;
                const detail = options.find((x) => x.value === o.value)?.detail ?? '';
                return [o.label, o.value, detail].some((t) => t.toLowerCase().includes(needle));
              });
            }}
            renderOption={({ option }) => {
              const detail = options.find((o) => o.value === option.value)?.detail;
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {detail && <Text size="xs">{detail}</Text>}
                  <Text size="xs" ff="monospace">
                    {option.value}
                  </Text>
                </Stack>
              );
            }}
            searchable
            // Opens on typing, a click or the arrow keys, never on focus alone: a refused send
            // puts focus on the field, and its message must stay visible.
            openOnFocus={false}
            clearable={!field.required}
            placeholder={loading ? `Loading ${plural}…` : 'Search by name or paste'}
            nothingFoundMessage={`No ${noun} matches`}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {value && (
        <Group gap="xs" wrap="nowrap">
          {chosenOption && <Text size="xs">{chosenOption.label}:</Text>}
          <CopyValue value={value} label={`${field.label} ${value}`} />
        </Group>
      )}
      {value && below}
    </Stack>
  );
}
