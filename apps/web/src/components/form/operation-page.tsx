import { Alert, Stack, Text, Title } from '@mantine/core';
import { GoverningList } from '../book/governing-list';
import { isRecord, operations, type WriteOperationId } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { getJournalEntry } from '@/lib/api';
import { inputFromJournal } from '@/lib/journal-input';
import { useCan } from '@/lib/session';
import { ErrorBoundary } from '../states/error-boundary';
import { ErrorState, LoadingState } from '../states/states';
import { OperationForm } from './operation-form';
import type { Reviewer } from './review';

export interface OperationPageProps {
  operationId: WriteOperationId;
  Fields: ComponentType;
  review?: Reviewer;
  /** Sensible starting values for a new request (not used when cloning). */
  defaults?: Record<string, unknown>;
}

/**
 * A page for one operation: its title and description from the registry, then the form, started
 * from defaults and the record its route names (or the row it was opened from), or, with
 * `?clone=<journal id>`, from that entry's body with a fresh reference id.
 */
export function OperationPage({ operationId, Fields, review, defaults }: OperationPageProps) {
  const op = operations[operationId];
  const allowed = useCan(operationId);
  const [params] = useSearchParams();
  // A form opened on a record (`/fiat-accounts/:id/edit`) starts with the record its route names.
  const routeParams = useParams();
  const fromRoute = Object.fromEntries(
    op.pathParams.flatMap((name) =>
      routeParams[name] !== undefined ? [[name, routeParams[name]]] : [],
    ),
  );
  // A form opened from a record's row (rename an address of the book) starts from its values,
  // handed over in the navigation's state: never from the address, so no link can prefill it.
  const state: unknown = useLocation().state;
  const prefill = isRecord(state) && isRecord(state.prefill) ? state.prefill : undefined;
  const cloneId = params.get('clone');
  const clone = useQuery({
    queryKey: ['journal', 'entry', cloneId],
    queryFn: () => getJournalEntry(cloneId!),
    enabled: cloneId !== null,
  });

  let body;
  if (!allowed) {
    body = (
      <Alert color="gray" title="Not offered to your role">
        Your role may not use {op.title.toLowerCase()}. Ask an operator whose role allows it.
      </Alert>
    );
  } else if (cloneId && clone.isPending) {
    body = <LoadingState label="Loading the journal entry to clone…" />;
  } else if (cloneId && clone.isError) {
    body = <ErrorState error={clone.error} onRetry={() => void clone.refetch()} />;
  } else {
    const initial =
      cloneId && clone.data
        ? inputFromJournal(op, clone.data)
        : { ...defaults, ...fromRoute, ...prefill };
    body = (
      <>
        {cloneId && clone.data && (
          <Alert color="blue" variant="light" p="xs">
            Cloned from journal entry {clone.data.id}, with a fresh reference id. Check every value
            before sending.
          </Alert>
        )}
        <OperationForm
          key={cloneId ?? JSON.stringify({ ...fromRoute, ...prefill })}
          operationId={operationId}
          Fields={Fields}
          review={review}
          initialInput={initial}
        />
      </>
    );
  }

  return (
    <Stack gap="sm" maw={980}>
      <div>
        <Title order={1} size="h2">
          {op.title}
        </Title>
        <Text size="sm" c="dimmed">
          {op.description}
        </Text>
        {op.id === 'putCryptoDestinationAddress' && <GoverningList here="address-book" />}
      </div>
      <ErrorBoundary>{body}</ErrorBoundary>
    </Stack>
  );
}
