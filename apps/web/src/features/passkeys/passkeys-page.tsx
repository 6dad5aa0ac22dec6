import type { Passkey } from '@console/schemas';
import { Badge, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RecordTable } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { confirmPasskey, listPasskeys, renamePasskey, revokePasskey } from '@/lib/api';
import { registerNewPasskey } from '@/lib/passkey';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';

const PASSKEYS_KEY = ['passkeys'] as const;

/** A passkey's state in words: what it may do now. */
export function stateWords(passkey: Passkey): string {
  if (passkey.state === 'active') return 'Signs decisions';
  if (passkey.state === 'revoked') return 'Revoked';
  return 'Cooling off';
}

const STATE_COLOR = { active: 'teal', pending: 'yellow', revoked: 'gray' } as const;

/** Runs a write whose failure the page shows from the mutation's own state (`isError`). */
const shown = (promise: Promise<unknown>) => void promise.catch(() => undefined);

/**
 * The operator's passkeys (issue 61): register one with a name, see when each was last used and
 * what it may do, rename or revoke it. An admin sees everyone's, confirms another operator's new
 * passkey (ending its cooling-off) and revokes a lost one.
 */
export function PasskeysPage() {
  const session = useSession();
  const me = session.data?.operator;
  const admin = me?.role === 'admin';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...PASSKEYS_KEY, admin],
    queryFn: () => listPasskeys(admin),
  });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [newName, setNewName] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const register = useWrite({
    mutationFn: (given: string) => registerNewPasskey(given),
    onSuccess: () => {
      setName('');
      refresh();
    },
  });
  const change = useWrite({
    mutationFn: (action: { kind: 'rename' | 'revoke' | 'confirm'; passkey: Passkey }) =>
      action.kind === 'rename'
        ? renamePasskey(action.passkey.id, newName.trim())
        : action.kind === 'revoke'
          ? revokePasskey(action.passkey.id)
          : confirmPasskey(action.passkey.id),
    onSuccess: () => {
      setRenaming(null);
      refresh();
    },
  });
  const trimmed = name.trim();

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Passkeys
      </Title>
      <Text size="sm" c="dimmed">
        Where the policy asks, each approval or rejection is signed with your passkey over the exact
        request the console sends. A new passkey signs nothing until its cooling-off has passed or
        another admin confirms it. Registering needs a sign-in of the last few minutes.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) shown(register.run(trimmed));
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Name of the new passkey"
            description="Such as the key's model or the device it lives on."
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" loading={register.isPending} disabled={!trimmed}>
            Register a passkey
          </Button>
        </Group>
      </form>
      {register.isError && <ErrorState error={register.error} />}
      {change.isError && <ErrorState error={change.error} />}
      {query.isPending ? (
        <LoadingState label="Loading passkeys…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No passkeys yet" />
      ) : (
        <RecordTable
          label={admin ? 'Every operator’s passkeys' : 'Your passkeys'}
          columns={[
            ...(admin ? [{ title: 'Operator', key: true, cell: (p: Passkey) => p.username }] : []),
            { title: 'Name', key: !admin, lead: true, cell: (p) => p.name },
            {
              title: 'State',
              cell: (p) => (
                <Badge color={STATE_COLOR[p.state]} variant="light" radius="sm">
                  {stateWords(p)}
                </Badge>
              ),
            },
            { title: 'Registered', cell: (p) => <LocalTime value={p.created_at} /> },
            {
              title: 'Last used',
              cell: (p) => (p.last_used_at ? <LocalTime value={p.last_used_at} /> : 'Never'),
            },
            {
              title: 'Action',
              action: true,
              cell: (p) =>
                p.state === 'revoked' ? null : (
                  <Group gap={4} wrap="nowrap">
                    {p.username === me?.username && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => {
                          setNewName(p.name);
                          setRenaming(p);
                        }}
                      >
                        Rename
                      </Button>
                    )}
                    {admin && p.state === 'pending' && p.username !== me?.username && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => shown(change.run({ kind: 'confirm', passkey: p }))}
                      >
                        Confirm
                      </Button>
                    )}
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => shown(change.run({ kind: 'revoke', passkey: p }))}
                      aria-label={`Revoke ${p.name}`}
                    >
                      Revoke
                    </Button>
                  </Group>
                ),
            },
          ]}
          items={query.data.items}
          minWidth={720}
        />
      )}
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Rename the passkey"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (renaming && newName.trim())
              shown(change.run({ kind: 'rename', passkey: renaming }));
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              maxLength={60}
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                Keep the name
              </Button>
              <Button type="submit" disabled={!newName.trim()} loading={change.isPending}>
                Rename
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
