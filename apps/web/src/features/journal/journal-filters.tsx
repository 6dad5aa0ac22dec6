import { Button, Group, Select, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  JOURNAL_STATES,
  WRITE_OPERATION_IDS,
  journalStateWords,
  operations,
} from '@console/schemas';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import type { JournalFilters } from '@/lib/api';

const OPERATION_OPTIONS = WRITE_OPERATION_IDS.map((id) => ({
  value: id,
  label: operations[id].title,
}));

const toPicker = (iso: string | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null;
const fromPicker = (value: string | null) => (value ? dayjs(value).toISOString() : undefined);

/** The journal's filters, as the address and the API spell them. */
export const FILTER_KEYS = ['operation', 'state', 'operator', 'ref_id', 'from', 'to'] as const;

/** One spelling per set of filters, whatever the order of its keys or how an empty one is held. */
const canonical = (filters: JournalFilters) =>
  JSON.stringify(FILTER_KEYS.map((key) => filters[key] ?? ''));

/**
 * Filters of the journal; applied together, so a half-typed reference id does not fire a query.
 *
 * The draft follows the address only when the address changes by other means (back, forward, a
 * link): the address this bar applied arrives a render later, inside the router's transition,
 * and must not wipe what the operator typed meanwhile.
 */
export function JournalFiltersBar({
  value,
  onApply,
}: {
  value: JournalFilters;
  onApply: (next: JournalFilters) => void;
}) {
  const [draft, setDraft] = useState<JournalFilters>(value);
  const [seen, setSeen] = useState(() => canonical(value));
  const [applied, setApplied] = useState<string>();
  if (canonical(value) !== seen) {
    setSeen(canonical(value));
    if (canonical(value) !== applied) setDraft(value);
  }
  const set = (patch: Partial<JournalFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (next: JournalFilters) => {
    setApplied(canonical(next));
    onApply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Filter the journal">
      <Group gap="sm" align="flex-end">
        <Select
          label="Operation"
          data={OPERATION_OPTIONS}
          value={draft.operation ?? null}
          onChange={(v) => set({ operation: v ?? undefined })}
          clearable
          placeholder="Any"
          size="xs"
          w={200}
        />
        <Select
          label="State"
          data={JOURNAL_STATES.map((state) => ({ value: state, label: journalStateWords(state) }))}
          value={draft.state ?? null}
          onChange={(v) => set({ state: (v ?? undefined) as JournalFilters['state'] })}
          clearable
          placeholder="Any"
          size="xs"
          w={150}
        />
        <TextInput
          label="Operator"
          value={draft.operator ?? ''}
          onChange={(e) => set({ operator: e.currentTarget.value || undefined })}
          placeholder="username"
          size="xs"
          w={140}
        />
        <TextInput
          label="Reference id"
          value={draft.ref_id ?? ''}
          onChange={(e) => set({ ref_id: e.currentTarget.value.trim() || undefined })}
          size="xs"
          w={260}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <DateTimePicker
          label="From (local time)"
          value={toPicker(draft.from)}
          onChange={(v) => set({ from: fromPicker(v) })}
          clearable
          size="xs"
          w={160}
          valueFormat="YYYY-MM-DD HH:mm"
          placeholder="Any"
        />
        <DateTimePicker
          label="To (local time)"
          value={toPicker(draft.to)}
          onChange={(v) => set({ to: fromPicker(v) })}
          clearable
          size="xs"
          w={160}
          valueFormat="YYYY-MM-DD HH:mm"
          placeholder="Any"
        />
        <Button type="submit" size="xs">
          Apply filters
        </Button>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            setDraft({});
            apply({});
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
