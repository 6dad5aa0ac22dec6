import { Select, Text, TextInput } from '@mantine/core';
import type { DestinationKind } from '@console/schemas';
import { fiatAccountName } from '@/lib/fiat-account-words';
import { useFiatAccounts } from '@/lib/use-fiat-accounts';
import { useProfiles } from '@/lib/use-profiles';

interface Option {
  value: string;
  label: string;
}

/** The records a kind is picked from, as the send forms offer them: each by its name. */
function useOptions(kind: DestinationKind) {
  const profiles = useProfiles(kind === 'own-profile');
  const accounts = useFiatAccounts(kind === 'fiat-account');
  switch (kind) {
    case 'own-profile':
      return {
        query: profiles,
        options: (profiles.data ?? []).map((p) => ({ value: p.id, label: p.nickname || p.id })),
      };
    case 'fiat-account':
      return {
        query: accounts,
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: fiatAccountName(a) })),
      };
    case 'crypto-address':
      // Any address may be proposed, not only the address book's: it is typed or pasted, or
      // taken over from the address book above it (`AddressBookPick`).
      return undefined;
    case 'counterparty-profile':
      // Another customer's profile is not in any list the console reads: its id is given.
      return undefined;
  }
}

/** Why a kind's value is typed, not picked. */
const TYPED: Readonly<Record<DestinationKind, string>> = {
  'crypto-address':
    'Exactly as the service spells it: the book compares it as written. Picked from the address book above, it is filled in.',
  'counterparty-profile':
    'Another customer’s profile is in no list the console reads: its id exactly as they gave it.',
  'own-profile': '',
  'fiat-account': '',
};

export interface DestinationIdPickerProps {
  kind: DestinationKind;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The destination a new entry of the book names (issue 66), picked as the send forms pick it: one
 * of our profiles by its nickname, a fiat account by its owner and rail, with the id it stands
 * for shown small below. Typed where no list holds every record that may be proposed (another
 * customer's profile; a crypto address, which need not be in the address book), or when the
 * list failed to load.
 */
export function DestinationIdPicker(props: DestinationIdPickerProps) {
  const { kind, label, value, error, onChange } = props;
  const found = useOptions(kind);
  if (!found || found.query.isError) {
    return (
      <TextInput
        id="destination-id"
        label={label}
        description={
          found
            ? 'The list could not be read: type the id exactly as the service spells it.'
            : TYPED[kind]
        }
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  const options: Option[] = found.options;
  // A value handed over by a send form's picker that the list lacks stays choosable as it is.
  const data =
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <div>
      <Select
        id="destination-id"
        label={label}
        description="Pick by name: type to search names and ids."
        required
        searchable
        data={data}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        error={error}
        nothingFoundMessage={found.query.isPending ? 'Loading…' : 'None matches'}
      />
      {value && (
        <Text size="xs" c="dimmed" ff="monospace" role="note" aria-label={`${label}, chosen`}>
          {value}
        </Text>
      )}
    </div>
  );
}
