import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { exceeds } from '@/lib/decimal';
import { formatAmount } from '@/lib/format-amount';
import { pastedValue } from '@/lib/picker';
import {
  balanceOf,
  balancesQuery,
  profileName,
  useBalances,
  useProfiles,
} from '@/lib/use-profiles';
import { CopyValue } from '../../result/copy-value';
import { TextField, type FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

export interface ProfileFieldProps extends FieldProps {
  /**
   * What the request takes from this profile, when it moves money out of it: its balance of the
   * asset is shown, and a warning when the amount exceeds what is available.
   */
  spend?: { asset?: string | undefined; amount?: string | undefined } | undefined;
  /** The asset whose balance to show beside each profile (a recipient's, say). */
  asset?: string | undefined;
}

/**
 * A profile id, picked by nickname: searching matches names and ids as the operator types, the
 * chosen id shows small and copyable, a pasted id is taken when the console knows the profile
 * and refused when it does not. Without the list (it failed to load) the field is plain text.
 */
export function ProfileField({ name, required, spend, asset }: ProfileFieldProps) {
  const field = useField(name, required);
  const { control, watch } = useFormContext();
  const profiles = useProfiles();
  const [opened, setOpened] = useState(false);
  const [unknownId, setUnknownId] = useState<string>();
  const shownAsset = spend?.asset ?? asset;
  const chosen = watch(name) as unknown;
  const chosenId = typeof chosen === 'string' && chosen ? chosen : undefined;
  const balances = useBalances(chosenId);
  // Every profile's balance of the asset, read when the list opens.
  const optionBalances = useQueries({
    queries: (profiles.data ?? []).map((p) => ({
      ...balancesQuery(p.id),
      enabled: opened && Boolean(shownAsset),
    })),
  });

  if (profiles.isError) {
    return (
      <Stack gap={4}>
        <TextField name={name} required={required} />
        <Text size="xs" c="orange.9">
          The list of profiles could not be loaded: type the profile id.
        </Text>
      </Stack>
    );
  }
  const list = profiles.data ?? [];
  const balanceText = (i: number) => {
    const b = balanceOf(optionBalances[i]?.data?.items, shownAsset);
    return shownAsset && b ? `${formatAmount(b.available, shownAsset)} ${shownAsset}` : '';
  };
  const available = balanceOf(balances.data?.items, shownAsset);
  const over =
    spend?.amount !== undefined &&
    available !== undefined &&
    exceeds(spend.amount, available.available);

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
              field.error ??
              (unknownId ? `No profile the console can see has the id ${unknownId}.` : undefined)
            }
            data={list.map((p) => ({ value: p.id, label: p.nickname || p.id }))}
            value={chosenId ?? null}
            onChange={(value) => {
              setUnknownId(undefined);
              input.onChange(value ?? '');
            }}
            onBlur={input.onBlur}
            onDropdownOpen={() => setOpened(true)}
            onSearchChange={(search) => {
              const pasted = pastedValue(
                search,
                list.map((p) => p.id),
              );
              if (!pasted) return;
              setUnknownId(pasted.kind === 'unknown' ? pasted.value : undefined);
              if (pasted.kind === 'known') input.onChange(pasted.value);
            }}
            filter={({ options, search }) => {
              const needle = search.trim().toLowerCase();
              return options.filter(
                (o) =>
                  'value' in o &&
                  (o.label.toLowerCase().includes(needle) ||
                    o.value.toLowerCase().includes(needle)),
              );
            }}
            renderOption={({ option }) => {
              const i = list.findIndex((p) => p.id === option.value);
              return (
                <Stack gap={0}>
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm">{option.label}</Text>
                    <Text size="xs">{balanceText(i)}</Text>
                  </Group>
                  <Text size="xs" ff="monospace">
                    {option.value}
                  </Text>
                </Stack>
              );
            }}
            searchable
            // Focus alone (a refused send puts it on the first field to fix) must not cover the
            // field's message with the list: it opens on typing, a click or the arrow keys.
            openOnFocus={false}
            clearable={!field.required}
            placeholder={profiles.isPending ? 'Loading profiles…' : 'Search by name or paste an id'}
            nothingFoundMessage="No profile matches"
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {chosenId && (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs">{profileName(profiles.byId, chosenId)}:</Text>
          <CopyValue value={chosenId} label={`${field.label} ${chosenId}`} />
        </Group>
      )}
      {chosenId && shownAsset && balances.data && (
        <Text size="xs" aria-live="polite">
          Available {available ? formatAmount(available.available, shownAsset) : '0'} {shownAsset}
          {available && available.trading !== '0'
            ? `, ${formatAmount(available.trading, shownAsset)} held by open orders`
            : ''}
        </Text>
      )}
      {over && (
        <Alert color="orange" variant="light" p="xs" role="status" title="More than is available">
          {formatAmount(spend!.amount!, shownAsset)} {shownAsset} is more than the{' '}
          {formatAmount(available!.available, shownAsset)} {shownAsset} available in{' '}
          {profileName(profiles.byId, chosenId)}. The service will refuse it unless funds arrive
          first.
        </Alert>
      )}
    </Stack>
  );
}
