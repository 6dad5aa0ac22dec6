import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { GoverningList } from '@/components/book/governing-list';
import { MONEY_ROLES, type AllowedDestination, type Role } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReasonDialog } from '@/components/action/reason-dialog';
import { RecordTable } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { listDestinations, revokeDestination } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import { AddDestinationForm, BOOK_KEY } from '@/components/book/add-destination-form';
import {
  KIND_LABELS,
  revocable,
  STATE_COLORS,
  STATE_LABELS,
  targetWords,
  usableWords,
} from '@/lib/destination-words';

/**
 * The book of allowed destinations (issue 37): where money may go where the policy asks for the
 * book. Everyone reads it; those who send money propose an entry, which another operator approves
 * in Approvals before it cools off; an admin revokes one at once.
 */
export function DestinationsPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  const admin = role === 'admin';
  // Proposing is for the roles that send money, as the BFF allows it.
  const mayPropose = role !== undefined && (MONEY_ROLES as readonly Role[]).includes(role);
  const queryClient = useQueryClient();
  const book = useQuery({ queryKey: BOOK_KEY, queryFn: listDestinations });
  const [revoking, setRevoking] = useState<AllowedDestination | null>(null);
  const revoke = useWrite({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => revokeDestination(id, reason),
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: BOOK_KEY });
    },
  });

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Allowed destinations
      </Title>
      <Text size="sm" c="dimmed">
        Where the policy asks for it, money goes only to an active entry of this book. A new entry
        waits for a second operator’s approval, then cools off before it may be used; an admin
        revokes one at once.
      </Text>
      <GoverningList here="allowed-destinations" />
      <Title order={2} size="h4">
        The book
      </Title>
      {revoke.isError && <ErrorState error={revoke.error} />}
      {book.isPending ? (
        <LoadingState label="Loading the book…" />
      ) : book.isError ? (
        <ErrorState error={book.error} onRetry={() => void book.refetch()} />
      ) : book.data.items.length === 0 ? (
        <EmptyState title="The book is empty">No destination has been proposed yet.</EmptyState>
      ) : (
        <RecordTable
          label="Allowed destinations"
          columns={[
            { title: 'Name', key: true, cell: (entry: AllowedDestination) => entry.name },
            {
              title: 'State',
              lead: true,
              cell: (entry) => (
                <Badge
                  color={STATE_COLORS[entry.state]}
                  variant="light"
                  radius="sm"
                  // The whole state, never cut to “Cool…” by a narrow column.
                  styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
                >
                  {STATE_LABELS[entry.state]}
                </Badge>
              ),
            },
            { title: 'Kind', cell: (entry) => KIND_LABELS[entry.target.kind] },
            { title: 'Destination', cell: (entry) => targetWords(entry) },
            {
              title: 'Usable',
              cell: (entry) => (
                <>
                  {usableWords(entry)}{' '}
                  {entry.usable_from && entry.state !== 'REVOKED' && (
                    <LocalTime value={entry.usable_from} />
                  )}
                </>
              ),
            },
            { title: 'Added by', cell: (entry) => entry.added_by_name },
            { title: 'Reason', cell: (entry) => entry.revoked?.reason ?? entry.reason },
            ...(admin
              ? [
                  {
                    title: 'Action',
                    action: true,
                    cell: (entry: AllowedDestination) =>
                      revocable(entry) ? (
                        <Button
                          variant="default"
                          color="red"
                          size="xs"
                          aria-label={`Revoke ${entry.name}`}
                          onClick={() => setRevoking(entry)}
                        >
                          Revoke
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
          items={book.data.items}
          minWidth={960}
        />
      )}
      {/* The book first: what is there is what an operator comes to read; adding comes after. */}
      {mayPropose && (
        <section aria-labelledby="add-destination">
          <Title id="add-destination" order={2} size="h4" mb="xs">
            Add to the book
          </Title>
          <AddDestinationForm />
        </section>
      )}
      <ReasonDialog
        opened={revoking !== null}
        title="Revoke the entry"
        kept="Kept in the journal and the security events."
        keepLabel="Keep it"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={(reason) => revoking && void revoke.run({ id: revoking.id, reason })}
        onCancel={() => setRevoking(null)}
      >
        {revoking && (
          // A revocation takes effect at once, and stops a send to the entry still waiting.
          <Text size="sm">
            “{revoking.name}”, {targetWords(revoking)}: no money may go there from now on, and a
            send to it that still waits for approval will not leave.
          </Text>
        )}
      </ReasonDialog>
    </Stack>
  );
}
