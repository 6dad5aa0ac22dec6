import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListPage } from '@/components/list/list-page';
import { RecordTable } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import type { Profile } from '@/lib/read-schemas';
import { useServiceList } from '@/lib/use-service-list';

function Cells({ p }: { p: Profile }) {
  return (
    <>
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
    </>
  );
}

/** The profiles the console's credential sees, each one click from its balances and records. */
export function ProfilesPage() {
  // A customer's profiles are few: the service's largest page holds them all.
  const list = useServiceList('listProfiles', {}, { pageSize: 1000 });
  return (
    <ListPage
      title="Profiles"
      list={list}
      noun={['profile', 'profiles']}
      newestFirst={false}
      empty={{ title: 'No profiles', body: 'The service lists no profile for this credential.' }}
    >
      {(items) => (
        <RecordTable
          label="Profiles"
          columns={['Nickname', 'Type', 'Id']}
          items={items}
          cells={(p) => <Cells p={p} />}
          minWidth={640}
        />
      )}
    </ListPage>
  );
}
