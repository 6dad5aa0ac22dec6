import { Button, Group, Select, TextInput } from '@mantine/core';
import { MARKETS, ORDER_SIDES, ORDER_STATUSES } from '@console/schemas';
import type { Profile } from '@/lib/read-schemas';

/** The orders list's filters, as they stand in the address (shareable, kept on reload). */
export interface OrderFilters {
  profile?: string;
  market?: string;
  side?: string;
  status?: string;
  /** Days, `YYYY-MM-DD`, in the operator's zone. */
  from?: string;
  to?: string;
}

export const ORDER_FILTER_KEYS = ['profile', 'market', 'side', 'status', 'from', 'to'] as const;

const ENUMS = [
  { key: 'status', label: 'Status', data: ORDER_STATUSES },
  { key: 'market', label: 'Market', data: MARKETS },
  { key: 'side', label: 'Side', data: ORDER_SIDES },
] as const;

/** Filters live in the address, so a filtered list can be shared and survives a reload. */
export function OrderFiltersBar({
  value,
  profiles,
  onChange,
}: {
  value: OrderFilters;
  profiles: readonly Profile[];
  onChange: (next: OrderFilters) => void;
}) {
  const any = Object.values(value).some(Boolean);
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filter orders">
      <Select
        label="Profile"
        data={profiles.map((p) => ({ value: p.id, label: p.nickname || p.id }))}
        value={value.profile ?? null}
        onChange={(next) => onChange({ ...value, profile: next ?? undefined })}
        clearable
        searchable
        placeholder="Any"
        w={190}
        size="xs"
      />
      {ENUMS.map((filter) => (
        <Select
          key={filter.key}
          label={filter.label}
          data={[...filter.data]}
          value={value[filter.key] ?? null}
          onChange={(next) => onChange({ ...value, [filter.key]: next ?? undefined })}
          clearable
          searchable={filter.data.length > 6}
          placeholder="Any"
          w={150}
          size="xs"
        />
      ))}
      <TextInput
        type="date"
        label="Placed from"
        value={value.from ?? ''}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value || undefined })}
        size="xs"
        w={150}
      />
      <TextInput
        type="date"
        label="Placed to"
        value={value.to ?? ''}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value || undefined })}
        size="xs"
        w={150}
      />
      <Button variant="subtle" size="xs" onClick={() => onChange({})} disabled={!any}>
        Clear filters
      </Button>
    </Group>
  );
}

/** A local day's first or last instant, as the service's RFC 3339 time filter takes it. */
export function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
