import { Stack, Text } from '@mantine/core';
import { isRecord, type Identity } from '@console/schemas';
import { FactRow } from '@/components/result/fact-row';

const LABELS: Record<string, string> = {
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  email: 'Email',
  phone_number: 'Phone',
  nationality: 'Nationality',
  address: 'Address',
  name: 'Name',
  doing_business_as: 'Doing business as',
  institution_type: 'Institution type',
  business_address: 'Business address',
};

/** A value of the details as one line: an address object in the order a letter carries it. */
function line(value: unknown): string {
  if (isRecord(value)) {
    return ['address1', 'address2', 'city', 'province', 'zip_code', 'country']
      .map((k) => value[k])
      .filter((v) => typeof v === 'string' && v)
      .join(', ');
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * A person's or an institution's details as the service gave them (masked by the console server
 * for roles that may not see them): the known members first, in a reading order, then any other.
 */
export function IdentityDetails({ identity }: { identity: Identity }) {
  const details = identity.person_details ?? identity.institution_details;
  if (!details) {
    return <Text size="sm">The service gave no details for this identity.</Text>;
  }
  const known = Object.keys(LABELS).filter((k) => details[k] !== undefined);
  const others = Object.keys(details).filter((k) => !(k in LABELS));
  return (
    <Stack gap={6}>
      {[...known, ...others].map((key) => (
        <FactRow key={key} label={LABELS[key] ?? key.replace(/_/g, ' ')}>
          <Text size="sm">{line(details[key]) || '—'}</Text>
        </FactRow>
      ))}
    </Stack>
  );
}
