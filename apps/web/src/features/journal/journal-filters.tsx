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

/** Filters of the journal; applied together, so a half-typed reference id does not fire a query. */
export function JournalFiltersBar({
  value,
  onApply,
}: {
  value: JournalFilters;
  onApply: (next: JournalFilters) => void;
}) {
  const [draft, setDraft] = useState<JournalFilters>(value);
  const set = (patch: Partial<JournalFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
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
            onApply({});
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
