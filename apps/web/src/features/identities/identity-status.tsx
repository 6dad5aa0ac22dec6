import { Group, Text } from '@mantine/core';
import { IDENTITY_STATUSES, type Identity } from '@console/schemas';
import { StatusBadge } from '@/components/result/status-badge';
import { identityStatusWords, whyCannotTransact } from '@/lib/identity-words';

/**
 * Whether an identity may transact, in words beside its status: what a send on its behalf can
 * expect (SELL_ONLY may sell and receive, never buy or send).
 */
export function transactWords(identity: Identity): string {
  const sending = whyCannotTransact(identity, 'debit');
  if (!sending) return 'May transact';
  const receiving = whyCannotTransact(identity, 'credit');
  return receiving ? `Cannot transact: ${receiving}` : `May sell and receive, not buy or send`;
}

/** The summary status as a badge with its words, and what it means for a send. */
export function IdentityStatus({ identity }: { identity: Identity }) {
  const status = identity.summary_status ?? 'UNKNOWN';
  return (
    <Group gap="xs" wrap="nowrap">
      <StatusBadge
        value={status}
        known={IDENTITY_STATUSES}
        label={identityStatusWords(identity.summary_status)}
      />
      <Text size="xs">{transactWords(identity)}</Text>
    </Group>
  );
}
