import { useLiveRules } from '@/lib/use-live-rules';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/** An orchestration rule id, picked by its name from the rules in force, with what it converts. */
export function RuleField({ name, required }: FieldProps) {
  const rules = useLiveRules();
  const profiles = useProfiles();
  const options = (rules.data ?? []).map((r) => ({
    value: r.id,
    label: `${r.nickname || 'Unnamed rule'} · ${profileName(profiles.byId, r.profile_id)}`,
    detail: [`${r.source_asset ?? '?'} → ${r.destination_asset ?? '?'}`, r.status].join(' · '),
  }));
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="live rule"
      plural="live rules"
      loading={rules.isPending}
      failed={rules.isError}
    />
  );
}
