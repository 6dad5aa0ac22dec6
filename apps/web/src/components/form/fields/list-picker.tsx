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
  /** Why it cannot be chosen here (an identity that cannot transact): shown, never chosen. */
  unavailable?: string | undefined;
  /** More text a search matches (a whole address the label shortens). */
  keywords?: string | undefined;
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
  /**
   * A whole value of the right form that the list lacks: refused (an id), or left as a search
   * while the operator types (an asset code: `B` on the way to `BTC` is no mistake).
   */
  unknownPaste?: 'refuse' | 'search';
  /** The chosen value shown small and copyable under the field: an id is, a code is its name. */
  showValue?: boolean;
  /** What is wrong with the value the field holds now (an account not the identity's). */
  problem?: string | undefined;
  /** What the empty field says; by default that typing searches and an id may be pasted. */
  placeholder?: string;
}

/**
 * The paste rule (`lib/picker.ts`) for a search typed or pasted whole, then whether that record
 * may be chosen here: the value to take, or why not; undefined for a search that is no paste.
 */
export function takePasted(
  search: string,
  options: readonly PickerOption[],
  form: RegExp,
  unknownPaste: 'refuse' | 'search',
  noun: string,
): { value?: string; refusal?: string } | undefined {
  const pasted = pastedValue(
    search,
    options.map((o) => o.value),
    form,
  );
  if (!pasted || (pasted.kind === 'unknown' && unknownPaste === 'search')) return undefined;
  if (pasted.kind === 'unknown') {
    return { refusal: `No ${noun} the console can see is ${pasted.value}.` };
  }
  const option = options.find((o) => o.value === pasted.value);
  if (option?.unavailable) {
    return { refusal: `${option.label} cannot be chosen here: ${option.unavailable}.` };
  }
  return { value: pasted.value };
}

/** Whether a search matches an option: its name, value, detail or keywords, in any case. */
function matches(option: PickerOption, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return [option.label, option.value, option.detail ?? '', option.keywords ?? ''].some((t) =>
    t.toLowerCase().includes(needle),
  );
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
  unknownPaste = 'refuse',
  showValue = true,
  problem,
  placeholder = 'Search by name or paste',
}: ListPickerProps) {
  const field = useField(name, required);
  const { control, watch, setValue } = useFormContext();
  // Why the value typed or pasted whole was not taken: unknown, or not to be chosen here.
  const [refusal, setRefusal] = useState<string>();
  // A value pasted before the list arrived is checked once it has.
  const [pending, setPending] = useState<string>();
  // A code typed whole ("USD") is taken as typed, and the select then shows every option, since
  // its search is the chosen option's own label; the list stays narrowed to what was typed
  // (USD, USDC, USDT) until the operator picks or types something else (issue 60, item 9).
  const [typed, setTyped] = useState<string>();
  const chosen = watch(name) as unknown;
  const value = typeof chosen === 'string' && chosen ? chosen : undefined;

  useEffect(() => {
    if (loading || pending === undefined) return;
    setPending(undefined);
    const taken = takePasted(pending, options, form, unknownPaste, noun);
    if (!taken) return;
    setRefusal(taken.refusal);
    if (taken.value) setValue(name, taken.value, { shouldValidate: true });
  }, [loading, pending, options, form, unknownPaste, noun, name, setValue]);

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
            error={field.error ?? refusal ?? problem}
            data={(typed === undefined ? options : options.filter((o) => matches(o, typed))).map(
              (o) => ({
                value: o.value,
                label: o.label,
                disabled: o.unavailable !== undefined,
              }),
            )}
            value={value ?? null}
            onChange={(next) => {
              setRefusal(undefined);
              setTyped(undefined);
              input.onChange(next ?? '');
            }}
            onBlur={input.onBlur}
            onDropdownOpen={onOpen}
            onSearchChange={(search) => {
              if (loading) {
                // Leaving the field empties its search: that is not the operator clearing what
                // they pasted, which is still to be checked once the list arrives.
                const left = document.activeElement !== document.getElementById(field.id);
                if (search !== '' || !left) setPending(search);
                return;
              }
              const taken = takePasted(search, options, form, unknownPaste, noun);
              // The select says the chosen label again after a pick: that is no typing.
              const echo = options.find((o) => o.value === value)?.label === search;
              if (!echo) setTyped(taken?.value && !showValue ? search : undefined);
              if (!taken) return;
              setRefusal(taken.refusal);
              if (taken.value) input.onChange(taken.value);
            }}
            filter={({ options: shown, search }) =>
              shown.filter((o) => {
                if (!('value' in o)) return false;
                const offered = options.find((x) => x.value === o.value);
                return offered !== undefined && matches(offered, search);
              })
            }
            renderOption={({ option }) => {
              const offered = options.find((o) => o.value === option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {offered?.detail && <Text size="xs">{offered.detail}</Text>}
                  {offered?.unavailable && (
                    <Text size="xs" fw={600}>
                      Not for this request: {offered.unavailable}
                    </Text>
                  )}
                  {showValue && (
                    <Text size="xs" ff="monospace">
                      {option.value}
                    </Text>
                  )}
                </Stack>
              );
            }}
            searchable
            // Opens on typing, a click or the arrow keys, never on focus alone: a refused send
            // puts focus on the field, and its message must stay visible.
            openOnFocus={false}
            clearable={!field.required}
            placeholder={loading ? `Loading ${plural}…` : placeholder}
            nothingFoundMessage={`No ${noun} matches`}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {value && showValue && (
        <Group gap="xs" wrap="nowrap">
          {chosenOption && <Text size="xs">{chosenOption.label}:</Text>}
          <CopyValue value={value} label={`${field.label} ${value}`} />
        </Group>
      )}
      {value && below}
    </Stack>
  );
}
