import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { accountName } from '@/lib/account-words';
import { identityName } from '@/lib/identity-words';
import { pagePath } from '@/lib/operation-routes';
import { useAccounts } from '@/lib/use-accounts';
import { useIdentities } from '@/lib/use-identities';
import { CopyValue } from './copy-value';

/**
 * An identity id as operators know it: its name, a link to its page, with the id small and
 * copyable beside it (not in a table row). An id the console cannot see shows as the id alone.
 */
export function IdentityRef({ id, withId = false }: { id: string; withId?: boolean }) {
  const { byId } = useIdentities();
  const found = byId.get(id);
  const link = found && (
    <Anchor component={Link} to={pagePath('getIdentity', { id })} size="sm" title={id}>
      {identityName(found)}
    </Anchor>
  );
  if (!withId && link) return link;
  return (
    <Group gap="xs" wrap="nowrap">
      {link}
      <CopyValue value={id} label="identity id" />
    </Group>
  );
}

/** An account id by its name, a link to its page; the id alone when the console cannot see it. */
export function AccountRef({ id }: { id: string }) {
  const { byId } = useAccounts();
  const found = byId.get(id);
  if (!found) {
    return (
      <Text size="sm" ff="monospace">
        {id}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={pagePath('getAccount', { id })} size="sm" title={id}>
      {accountName(found)}
    </Anchor>
  );
}
