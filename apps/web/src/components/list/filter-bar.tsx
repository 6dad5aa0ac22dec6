import { Button, Group, Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DayInput } from '@/components/form/day-input';
import type { Profile } from '@/lib/read-schemas';

/** A filter chosen from values: a status, a market, a profile. */
export interface ChoiceFilter {
  key: string;
  label: string;
  options: readonly (string | { value: string; label: string })[];
  /** Typing narrows the list; by default when it is longer than a glance takes in. */
  searchable?: boolean;
  width?: number;
}

/** A day, `YYYY-MM-DD` in the operator's zone (the page turns it into the service's instants). */
export interface DayFilter {
  key: string;
  label: string;
  day: true;
}

export type Filter = ChoiceFilter | DayFilter;

/** The profiles as a filter: by nickname, typed to narrow. */
export function profileFilter(profiles: readonly Profile[] | undefined): ChoiceFilter {
  return {
    key: 'profile',
    label: 'Profile',
    options: (profiles ?? []).map((p) => ({ value: p.id, label: p.nickname || p.id })),
    searchable: true,
    width: 200,
  };
}

/**
 * The filters as the address holds them (shareable, kept on reload and on back), and whether any
 * is set. A filter the address does not name is not set.
 */
export function useFilters<const F extends readonly Filter[]>(filters: F) {
  const [params] = useSearchParams();
  const values: Partial<Record<F[number]['key'], string>> = {};
  for (const { key } of filters) {
    const value = params.get(key);
    if (value) values[key as F[number]['key']] = value;
  }
  return { values, filtered: Object.keys(values).length > 0 };
}

/**
 * A list's filters, bound to the address: each choice applies at once, and Clear filters takes
 * them all out (other parameters of the address stay).
 */
export function FilterBar({ label, filters }: { label: string; filters: readonly Filter[] }) {
  const [params, setParams] = useSearchParams();
  const { values, filtered } = useFilters(filters);
  const set = (keys: readonly string[], value?: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of keys) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label={label}>
      {filters.map((filter) =>
        'day' in filter ? (
          <DayInput
            key={filter.key}
            label={filter.label}
            value={params.get(filter.key) ?? ''}
            onChange={(value) => set([filter.key], value)}
            size="xs"
            w={150}
          />
        ) : (
          <Select
            key={filter.key}
            label={filter.label}
            data={filter.options.map((o) => (typeof o === 'string' ? o : { ...o }))}
            value={values[filter.key as keyof typeof values] ?? null}
            onChange={(value) => set([filter.key], value ?? undefined)}
            clearable
            searchable={filter.searchable ?? filter.options.length > 6}
            placeholder="Any"
            size="xs"
            w={filter.width ?? 160}
          />
        ),
      )}
      <Button
        variant="subtle"
        size="xs"
        onClick={() => set(filters.map((f) => f.key))}
        disabled={!filtered}
      >
        Clear filters
      </Button>
    </Group>
  );
}
