import { Stack, Text, Title } from '@mantine/core';
import type { Role } from '@console/schemas';
import { useSession } from '@/lib/session';
import { Export } from './reconcile-export';
import { Queue } from './reconcile-queue';
import { Runs } from './reconcile-runs';
import { Statements } from './reconcile-statements';

/** Who may open the page, and who may run it and work its queue (issue 40). */
export const mayReadReconciliation = (role: Role | undefined) =>
  role === 'admin' || role === 'finance' || role === 'auditor';
export const mayReconcile = (role: Role | undefined) => role === 'admin' || role === 'finance';

/**
 * Reconciliation (issue 40): runs over a period, the queue of differences between the journal
 * and the service, and the export. Finance and admins run it and work the queue; auditors read.
 */
export function ReconciliationPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  if (!mayReadReconciliation(role)) {
    return <Text>Reconciliation is for finance, admins and auditors.</Text>;
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Reconciliation
      </Title>
      <Runs acts={mayReconcile(role)} />
      <Queue />
      <Statements acts={mayReconcile(role)} />
      <Export />
    </Stack>
  );
}
