import { Select, Stack, Text, Title } from '@mantine/core';
import { BATCH_OPERATIONS, operations, type BatchOperation } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OperationView } from '@/components/form';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useSession } from '@/lib/session';
import { ScheduleForm } from './schedule-form';
import { mayActOnSchedules } from './schedule-words';
import { useSchedules } from './use-schedules';

/**
 * A new schedule (issue 63): which operation, then its form. Only the writes that move money and
 * that the operator may send are offered.
 */
export function NewSchedulePage({
  loadView,
}: {
  loadView: (id: BatchOperation) => Promise<OperationView>;
}) {
  const session = useSession();
  const role = session.data?.operator.role;
  const allowed = session.data?.operations ?? [];
  const offered = BATCH_OPERATIONS.filter((id) => allowed.includes(id));
  const [operation, setOperation] = useState<BatchOperation>(offered[0] ?? BATCH_OPERATIONS[0]);
  const view = useQuery({
    queryKey: ['operation-view', operation],
    queryFn: () => loadView(operation),
    staleTime: Infinity,
  });
  // The scheduler's clock (the sandbox's in the demo), when the list has been read.
  const clock = useSchedules().data?.now;
  const now = clock ? Date.parse(clock) : Date.now();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!mayActOnSchedules(role)) {
    return <Text>New schedules are for finance and admins.</Text>;
  }
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1}>
        New schedule
      </Title>
      <Select
        label="Operation"
        description="The write each occurrence sends"
        data={offered.map((id) => ({ value: id, label: operations[id].title }))}
        value={operation}
        allowDeselect={false}
        onChange={(value) => value && setOperation(value as BatchOperation)}
        maw={400}
      />
      {view.isPending && <LoadingState label="Loading the form…" />}
      {view.isError && <ErrorState error={view.error} onRetry={() => void view.refetch()} />}
      {view.data && (
        <ScheduleForm key={operation} operation={operation} view={view.data} now={now} />
      )}
    </Stack>
  );
}
