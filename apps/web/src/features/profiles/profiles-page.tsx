import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { Freshness } from '@/components/states/freshness';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { useProfiles } from '@/lib/use-profiles';

/** The profiles the console's credential sees, each one click from its balances and records. */
export function ProfilesPage() {
  const profiles = useProfiles();
  let body;
  if (profiles.isPending) body = <LoadingState label="Loading profiles…" />;
  else if (!profiles.data) {
    body = <ErrorState error={profiles.error} onRetry={() => void profiles.refetch()} />;
  } else if (profiles.data.length === 0) {
    body = (
      <EmptyState title="No profiles">The service lists no profile for this credential.</EmptyState>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder aria-label="Profiles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nickname</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profiles.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/profiles/${encodeURIComponent(p.id)}`} size="sm">
                    {p.nickname || p.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.type}</Text>
                </Table.Td>
                <Table.Td>
                  <CopyValue value={p.id} label={`id of ${p.nickname || 'the profile'}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" maw={980}>
      <Title order={1} size="h2">
        Profiles
      </Title>
      <Freshness query={profiles} />
      {body}
    </Stack>
  );
}
