import { Alert, Text } from '@mantine/core';
import { readsOnly, seesWholeRecord, type ReadOperationId } from '@console/schemas';
import { useSession } from '@/lib/session';

/** True when the signed-in role sees this read's personal data whole (the BFF decides, as here). */
export function useSeesPersonalData(read: ReadOperationId): boolean {
  const role = useSession().data?.operator.role;
  return role !== undefined && !readsOnly(role) && seesWholeRecord(role, read);
}

/**
 * Says whose personal data the page shows, and that the console server masks it, never the
 * browser: a role that may not see it never receives it.
 */
export function PersonalDataNote({ read }: { read: ReadOperationId }) {
  const whole = useSeesPersonalData(read);
  return (
    <Alert color="gray" variant="light" p="xs" role="note">
      <Text size="sm">
        {whole
          ? 'Names, dates of birth, addresses, emails and phone numbers are personal data: shown because your role works with them. The console server masks them for roles that do not.'
          : 'Your role sees personal data masked: the console server sends a person’s details (name, date of birth, email, phone) and every address with only their last characters.'}
      </Text>
    </Alert>
  );
}
