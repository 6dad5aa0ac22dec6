import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { pagePath } from '@/lib/operation-routes';
import { useProfiles } from '@/lib/use-profiles';
import { CopyValue } from './copy-value';

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
  const { byId } = useProfiles();
  const nickname = byId.get(id)?.nickname;
  if (!withId && nickname) {
    return (
      <Anchor component={Link} to={pagePath('getProfile', { profile_id: id })} size="sm" title={id}>
        {nickname}
      </Anchor>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {nickname && (
        <Anchor component={Link} to={pagePath('getProfile', { profile_id: id })} size="sm">
          {nickname}
        </Anchor>
      )}
      <CopyValue value={id} label={label} />
    </Group>
  );
}
