import { Alert, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { exceeds } from '@/lib/decimal';
import { formatAmount } from '@/lib/format-amount';
import {
  balanceOf,
  balancesQuery,
  profileName,
  useBalances,
  useProfiles,
} from '@/lib/use-profiles';
import { useBookPicker } from './add-to-book';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';
import { bookKindOf, targetOf } from './use-book';
import { useOperation } from '../operation-context';

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
 * A profile id, picked by nickname (`ListPicker`: searching matches names and ids as the operator
 * types, the chosen id shows small and copyable, a pasted id is taken when the console knows the
 * profile and refused when it does not, also when pasted before the list arrived), with each
 * profile's balance of the asset in the list and a warning when the amount exceeds what is
 * available. Without the list (it failed to load) the field is plain text.
 */
export function ProfileField({ name, required, spend, asset }: ProfileFieldProps) {
  const { watch } = useFormContext();
  const profiles = useProfiles();
  const [opened, setOpened] = useState(false);
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

  const list = profiles.data ?? [];
  const balanceText = (i: number) => {
    const b = balanceOf(optionBalances[i]?.data?.items, shownAsset);
    return shownAsset && b ? `${formatAmount(b.available, shownAsset)} ${shownAsset}` : undefined;
  };
  const available = balanceOf(balances.data?.items, shownAsset);
  // Where the policy asks for the book (a transfer's recipient), its entries lead the list.
  const kind = bookKindOf(useOperation().op.approval.destination, name);
  const profileOf = (id: string) => (kind ? targetOf(kind, id) : undefined);
  const withBook = useBookPicker(
    name,
    list.map((p, i) => {
      const detail = balanceText(i);
      return { value: p.id, label: p.nickname || p.id, ...(detail ? { detail } : {}) };
    }),
    (o) => profileOf(o.value),
    (entry) =>
      'profile_id' in entry.target
        ? { value: entry.target.profile_id, label: entry.name, detail: 'From the book' }
        : undefined,
    {
      target: chosenId ? profileOf(chosenId) : undefined,
      label: chosenId ? profileName(profiles.byId, chosenId) : '',
    },
  );
  const over =
    spend?.amount !== undefined &&
    available !== undefined &&
    exceeds(spend.amount, available.available);

  return (
    <ListPicker
      name={name}
      required={required}
      noun="profile"
      plural="profiles"
      options={withBook.options}
      problem={withBook.problem}
      loading={profiles.isPending}
      failed={profiles.isError}
      onOpen={() => setOpened(true)}
      below={
        <>
          {withBook.below}
          {chosenId && shownAsset && balances.data && (
            <Text size="xs" aria-live="polite">
              Available {available ? formatAmount(available.available, shownAsset) : '0'}{' '}
              {shownAsset}
              {available && available.trading !== '0'
                ? `, ${formatAmount(available.trading, shownAsset)} held by open orders`
                : ''}
            </Text>
          )}
          {over && chosenId && (
            <Alert
              color="orange"
              variant="light"
              p="xs"
              role="status"
              title="More than is available"
            >
              {formatAmount(spend!.amount!, shownAsset)} {shownAsset} is more than the{' '}
              {formatAmount(available!.available, shownAsset)} {shownAsset} available in{' '}
              {profileName(profiles.byId, chosenId)}. The service will refuse it unless funds arrive
              first.
            </Alert>
          )}
        </>
      }
    />
  );
}
