import { RecordName } from './record-name';

/**
 * A profile id as operators know it: its nickname (a link to the profile's page) beside the id,
 * small and copyable. An id the console cannot see shows as the id alone.
 */
export function ProfileRef({
  id,
  label = 'profile id',
  withId = true,
}: {
  id: string;
  label?: string;
  /** False in a table row: the nickname alone, the id only when the console does not know it. */
  withId?: boolean;
}) {
  return <RecordName record={{ kind: 'profile', id }} label={label} withId={withId} />;
}
