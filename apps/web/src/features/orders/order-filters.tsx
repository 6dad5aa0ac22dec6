import { Button, Group, Select } from '@mantine/core';
import { MARKETS, ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES } from '@console/schemas';
import type { OrderFilters } from '@/lib/api';

const FILTERS: { key: keyof OrderFilters; label: string; data: readonly string[] }[] = [
  { key: 'status', label: 'Status', data: ORDER_STATUSES },
  { key: 'side', label: 'Side', data: ORDER_SIDES },
  { key: 'market', label: 'Market', data: MARKETS },
  { key: 'type', label: 'Order type', data: ORDER_TYPES },
];

/** Filters live in the address, so a filtered list can be shared and survives a reload. */
export function OrderFiltersBar({
  value,
  onChange,
}: {
  value: OrderFilters;
  onChange: (next: OrderFilters) => void;
}) {
  const any = Object.values(value).some(Boolean);
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filter orders">
      {FILTERS.map((filter) => (
        <Select
          key={filter.key}
          label={filter.label}
          data={[...filter.data]}
          value={value[filter.key] ?? null}
          onChange={(next) => onChange({ ...value, [filter.key]: next ?? undefined })}
          clearable
          searchable={filter.data.length > 6}
          placeholder="Any"
          w={170}
          size="xs"
        />
      ))}
      <Button variant="subtle" size="xs" onClick={() => onChange({})} disabled={!any}>
        Clear filters
      </Button>
    </Group>
  );
}
