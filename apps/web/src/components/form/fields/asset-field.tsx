import { ASSET_CODE_PATTERN, ASSET_PRECISION } from '@console/schemas';
import { useWatch } from 'react-hook-form';
import { formatAmount } from '@/lib/format-amount';
import { schemaAt } from '@/lib/schema-walk';
import { useMarkets } from '@/lib/use-market-data';
import { profileName, useBalances, useProfiles } from '@/lib/use-profiles';
import { useOperation } from '../operation-context';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/** The profile whose balances an asset of this form comes from: the sender, else the profile. */
function spendingProfileField(has: (path: string) => boolean): string | undefined {
  return ['from_profile_id', 'profile_id'].find(has);
}

/**
 * An asset, chosen from a list, never typed as free text (issue 33, item 4): the assets of the
 * form's profile first, each with what is available, then every other asset the service trades
 * (List Markets) or the console knows. Typing narrows the list; an exact code is taken as typed,
 * and anything else (`usd`) stays a search, so no asset the service does not know is sent.
 */
export function AssetField({ name, required }: FieldProps) {
  const { shape } = useOperation();
  const profileField = spendingProfileField((path) => schemaAt(shape, path) !== undefined);
  const profileValue = useWatch({ name: profileField ?? '__none__' }) as unknown;
  const profileId = typeof profileValue === 'string' && profileValue ? profileValue : undefined;
  const balances = useBalances(profileId);
  const profiles = useProfiles();
  const markets = useMarkets();
  const held = (balances.data?.items ?? []).filter((b) => b.available !== '0' || b.trading !== '0');
  const traded = new Set(
    (markets.data?.markets ?? []).flatMap((m) => [m.base_asset, m.quote_asset]).filter(Boolean),
  );
  const others = [...new Set([...traded, ...Object.keys(ASSET_PRECISION)])]
    .filter((a): a is string => typeof a === 'string' && !held.some((b) => b.asset === a))
    .sort();
  const where = profileId ? profileName(profiles.byId, profileId) : '';
  const options = [
    ...held.map((b) => ({
      value: b.asset,
      label: b.asset,
      detail: `Available ${formatAmount(b.available, b.asset)} in ${where}`,
    })),
    ...others.map((asset) => ({
      value: asset,
      label: asset,
      detail: profileId
        ? `None in ${where}`
        : traded.has(asset)
          ? 'Traded on the service'
          : 'Known to the console',
    })),
  ];
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="asset"
      plural="assets"
      loading={false}
      failed={false}
      form={ASSET_CODE_PATTERN}
      unknownPaste="search"
      showValue={false}
      placeholder="Choose or type a code"
    />
  );
}
