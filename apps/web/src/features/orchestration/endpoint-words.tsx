import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Destination, Source } from '@console/schemas';
import { Link } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { ProfileRef } from '@/components/result/profile-ref';
import { fiatAccountName } from '@/lib/fiat-account-words';
import { pagePath } from '@/lib/operation-routes';
import { useFiatAccounts } from '@/lib/use-fiat-accounts';

/**
 * Where an orchestration's funds come from, or what deposits a rule watches, and what the service
 * made for it: an address (copyable, with its network) or deposit instructions, or a profile.
 */
export function SourceInWords({
  source,
  rule = false,
}: {
  source: Source | undefined;
  rule?: boolean;
}) {
  const { crypto, fiat, profile } = source ?? {};
  if (crypto) {
    return (
      <Stack gap={2}>
        <Text size="sm">
          {rule ? 'Crypto deposits' : 'A crypto deposit address'} on{' '}
          {crypto.network ?? 'any network'}
        </Text>
        {crypto.address && <CopyValue value={crypto.address} label="deposit address" />}
        {crypto.address_id && (
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              Address id
            </Text>
            <CopyValue value={crypto.address_id} label="deposit address id" />
          </Group>
        )}
      </Stack>
    );
  }
  if (fiat) {
    const memo = fiat.memo_id ?? fiat.memo;
    return (
      <Stack gap={2}>
        <Text size="sm">
          {fiat.network ?? 'Fiat'} deposits
          {fiat.account_type ? ` (${fiat.account_type})` : ''}
          {memo ? ` with memo ${memo}` : ''}
        </Text>
        {fiat.deposit_instructions_id && (
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              Deposit instructions
            </Text>
            <CopyValue value={fiat.deposit_instructions_id} label="deposit instructions id" />
          </Group>
        )}
      </Stack>
    );
  }
  if (profile?.profile_id) {
    return (
      <Group gap="xs">
        <Text size="sm">The balance of</Text>
        <ProfileRef id={profile.profile_id} />
      </Group>
    );
  }
  return <Text size="sm">Not given</Text>;
}

/** Where the funds go: an external address, a fiat account (its page), or a profile. */
export function DestinationInWords({ destination }: { destination: Destination | undefined }) {
  const { crypto, fiat, profile } = destination ?? {};
  const accounts = useFiatAccounts();
  if (crypto) {
    return (
      <Stack gap={2}>
        <Text size="sm">A crypto address on {crypto.network ?? 'an unnamed network'}</Text>
        {crypto.address && <CopyValue value={crypto.address} label="destination address" />}
      </Stack>
    );
  }
  if (fiat?.fiat_account_id) {
    const account = accounts.byId.get(fiat.fiat_account_id);
    return (
      <Stack gap={2}>
        <Anchor
          component={Link}
          to={pagePath('getFiatAccount', { id: fiat.fiat_account_id })}
          size="sm"
        >
          {account ? fiatAccountName(account) : 'A fiat account'}
        </Anchor>
        <CopyValue value={fiat.fiat_account_id} label="fiat account id" />
        {fiat.memo && <Text size="xs">Memo {fiat.memo}</Text>}
      </Stack>
    );
  }
  if (profile?.profile_id) {
    return (
      <Group gap="xs">
        <Text size="sm">The balance of</Text>
        <ProfileRef id={profile.profile_id} />
      </Group>
    );
  }
  return <Text size="sm">Not given</Text>;
}
