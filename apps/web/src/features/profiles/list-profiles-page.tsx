import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/list/export-csv';
import { FilterBar, profileFilter, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { Amount } from '@/components/result/amount';
import { CopyValue } from '@/components/result/copy-value';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { add } from '@/lib/decimal';
import { balanceColumns, type BalanceRow } from '@/lib/list-csv';
import type { Profile } from '@/lib/read-schemas';
import { useRecordNames } from '@/lib/record-names';
import { balancesQuery, profileName } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import {
  BALANCE_SORTS,
  assetTotals,
  balanceRows,
  sortBalances,
  type AssetTotal,
  type BalanceSort,
} from './balance-rows';
import { usePricesInUsd, valueInUsd, type UsdValuation } from './valuation';
import { formatMoney } from '@/lib/format-amount';
import { ageWords } from '@/lib/format-time';
import { useNow } from '@/lib/use-now';
import Big from 'big.js';

const profilePage = (id: string) => `/profiles/${encodeURIComponent(id)}`;

const PROFILE_COLUMNS: Column<Profile>[] = [
  {
    title: 'Nickname',
    key: true,
    cell: (p) => (
      <Anchor component={Link} to={profilePage(p.id)} size="sm">
        {p.nickname || p.id}
      </Anchor>
    ),
  },
  { title: 'Type', lead: true, cell: (p) => <Text size="sm">{p.type}</Text> },
  {
    title: 'Id',
    cell: (p) => <CopyValue value={p.id} label={`id of ${p.nickname || 'the profile'}`} />,
  },
];

/**
 * Whether orders hold any of it. When none do, all of the total is available, and a phone's card
 * says the total alone rather than the same amount twice and a zero (issue 60, item 8).
 */
const holds = (held: string) => !new Big(held).eq(0);

const TOTAL_COLUMNS: Column<AssetTotal>[] = [
  {
    title: 'Asset',
    key: true,
    cell: (t) => (
      <Text size="sm" fw={600}>
        {t.asset}
      </Text>
    ),
  },
  {
    title: 'Total',
    right: true,
    lead: true,
    cell: (t) => <Amount value={t.total} asset={t.asset} bare />,
  },
  {
    title: 'Available',
    right: true,
    cardWhen: (t) => holds(t.trading),
    cell: (t) => <Amount value={t.available} asset={t.asset} bare />,
  },
  {
    title: 'Held by open orders',
    right: true,
    cardWhen: (t) => holds(t.trading),
    cell: (t) => <Amount value={t.trading} asset={t.asset} bare />,
  },
  { title: 'Profiles holding it', right: true, cell: (t) => <Text size="sm">{t.holders}</Text> },
];

/** The totals' columns, with each asset's value in USD once the shared prices are read. */
function totalColumns(valued: UsdValuation | undefined): Column<AssetTotal>[] {
  if (!valued) return TOTAL_COLUMNS;
  const value: Column<AssetTotal> = {
    title: 'Value in USD',
    right: true,
    cell: (t) => {
      const usd = valued.byAsset.get(t.asset);
      return usd ? <Amount value={usd} asset="USD" bare /> : <Text size="sm">No USD price</Text>;
    },
  };
  return [...TOTAL_COLUMNS.slice(0, 3), value, ...TOTAL_COLUMNS.slice(3)];
}

/** A balance of nothing at all: folded away unless asked for (issue 60, item 8). */
const isZero = (r: BalanceRow) => new Big(add(r.balance.available, r.balance.trading)).eq(0);

function balanceTableColumns(profiles: ReadonlyMap<string, Profile>): Column<BalanceRow>[] {
  return [
    {
      title: 'Profile',
      key: true,
      cell: (r) => (
        <Anchor component={Link} to={profilePage(r.profile_id)} size="sm">
          {profileName(profiles, r.profile_id)}
        </Anchor>
      ),
    },
    {
      title: 'Asset',
      lead: true,
      cell: (r) => (
        <Text size="sm" fw={600}>
          {r.balance.asset}
        </Text>
      ),
    },
    {
      title: 'Total',
      right: true,
      lead: true,
      cell: (r) => (
        <Amount value={add(r.balance.available, r.balance.trading)} asset={r.balance.asset} bare />
      ),
    },
    {
      title: 'Available',
      right: true,
      cardWhen: (r) => holds(r.balance.trading),
      cell: (r) => <Amount value={r.balance.available} asset={r.balance.asset} bare />,
    },
    {
      title: 'Held by open orders',
      right: true,
      cardWhen: (r) => holds(r.balance.trading),
      cell: (r) => <Amount value={r.balance.trading} asset={r.balance.asset} bare />,
    },
  ];
}

/**
 * Every profile's balance of every asset, read per profile (List Profile Balances, the read the
 * profile page and the pickers share), with the totals per asset. Filtered by profile and asset
 * in the address; ordered by profile or by the largest total of each asset. Values in USD wait for
 * market data (valuation.ts): none is made up.
 */
function BalancesAtAGlance({ profiles }: { profiles: readonly Profile[] }) {
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const reads = useQueries({ queries: profiles.map((p) => balancesQuery(p.id)) });
  const nameOf = useRecordNames(['profile']);
  const [sort, setSort] = useState<BalanceSort>('profile');
  const [showZero, setShowZero] = useState(false);
  const now = useNow();
  const all = balanceRows(
    profiles.flatMap((p, i) => {
      const data = reads[i]?.data;
      return data ? [{ profileId: p.id, items: data.items }] : [];
    }),
  );
  const assets = [...new Set(all.map((r) => r.balance.asset))].sort();
  const prices = usePricesInUsd(assets);
  const filters = [
    profileFilter(profiles),
    { key: 'asset', label: 'Asset', options: assets },
  ] as const;
  const { values: f } = useFilters(filters);
  const shown = sortBalances(
    all.filter(
      (r) =>
        (!f.profile || r.profile_id === f.profile) && (!f.asset || r.balance.asset === f.asset),
    ),
    sort,
    byId,
  );
  const totals = assetTotals(shown);
  const valued = prices && valueInUsd(totals, prices.prices);
  const age = prices?.fetchedAt === undefined ? undefined : ageWords(prices.fetchedAt, now);
  const zeros = shown.filter(isZero).length;
  const listed = showZero ? shown : shown.filter((r) => !isZero(r));
  const pending = reads.some((r) => r.isPending);
  const failed = reads.find((r) => r.isError && !r.data);
  return (
    <Stack gap="sm" component="section" aria-labelledby="balances-heading">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h4" id="balances-heading">
            Balances
          </Title>
          <Text size="sm" c="dimmed">
            {valued
              ? 'Per asset, with each total’s value in USD at the prices every page shares.'
              : 'Per asset; values in USD once the shared prices are read.'}
          </Text>
        </div>
        <ExportCsvButton csv={{ file: 'balances', columns: balanceColumns(nameOf) }} rows={shown} />
      </Group>
      {failed && <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />}
      {pending && all.length === 0 ? (
        <LoadingState label="Loading the balances…" />
      ) : (
        <>
          <Title order={3} size="h5">
            Totals per asset
          </Title>
          {valued && (
            <Text size="sm" data-testid="usd-total">
              <strong>Total in USD: {formatMoney(valued.total, 'USD')}</strong>
              {age ? `, at prices ${age}` : ''}
              {valued.unpriced.length > 0 &&
                ` (without ${valued.unpriced.join(', ')}: no USD price)`}
            </Text>
          )}
          <RecordTable
            label="Totals per asset"
            columns={totalColumns(valued)}
            items={totals}
            minWidth={640}
            nowrap
          />
          <Group gap="sm" align="flex-end">
            <FilterBar label="Filter balances" filters={filters} />
            <Select
              label="Sort by"
              data={Object.entries(BALANCE_SORTS).map(([value, label]) => ({ value, label }))}
              value={sort}
              onChange={(value) => value && setSort(value as BalanceSort)}
              allowDeselect={false}
              size="xs"
              w={220}
            />
          </Group>
          {shown.length === 0 ? (
            <EmptyState title="No balances match these filters">
              Clear a filter to see more.
            </EmptyState>
          ) : (
            <>
              <RecordTable
                label="Balances by profile"
                columns={balanceTableColumns(byId)}
                items={listed}
                minWidth={640}
                nowrap
              />
              {zeros > 0 && (
                <Group>
                  <Button variant="subtle" size="xs" onClick={() => setShowZero((v) => !v)}>
                    {showZero
                      ? `Fold the ${zeros} zero balance${zeros === 1 ? '' : 's'}`
                      : `Show ${zeros} zero balance${zeros === 1 ? '' : 's'}`}
                  </Button>
                </Group>
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** The profiles the console's credential sees, their balances at a glance, each one click away. */
export default function ProfilesPage() {
  // A customer's profiles are few: the service's largest page holds them all.
  const list = useServiceList('listProfiles', {}, { pageSize: 1000 });
  const profiles = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="lg">
      <ListPage
        title="Profiles and balances"
        list={list}
        noun={['profile', 'profiles']}
        newestFirst={false}
        empty={{ title: 'No profiles', body: 'The service lists no profile for this credential.' }}
      >
        {(items) => (
          <RecordTable label="Profiles" columns={PROFILE_COLUMNS} items={items} minWidth={640} />
        )}
      </ListPage>
      {profiles.length > 0 && <BalancesAtAGlance profiles={profiles} />}
    </Stack>
  );
}
