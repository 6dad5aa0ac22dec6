import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { readsOnly, seesWholeRecord } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fiatAccountName } from '@/lib/fiat-account-words';
import { pagePath, rulePath } from '@/lib/operation-routes';
import { useRecordNames } from '@/lib/record-names';
import type { RecordRef } from '@/lib/record-ref';
import { useSession } from '@/lib/session';
import { fiatAccountQuery } from '@/lib/use-fiat-accounts';
import { CheckIcon, CopyIcon } from '../icons';

/** The record's page in the console, where it has one of its own. */
function pageOf({ kind, id }: RecordRef): string | undefined {
  switch (kind) {
    case 'profile':
      return pagePath('getProfile', { profile_id: id });
    case 'fiat-account':
      return pagePath('getFiatAccount', { id });
    case 'rule':
      return rulePath(id);
    default:
      return undefined;
  }
}

/**
 * A fiat account named by whose it is: read whole for the roles that may see it (the list leaves
 * the owner out); others keep the bank and rail of the list.
 */
function FiatAccountName(props: NamedProps) {
  const role = useSession().data?.operator.role;
  const whole = role !== undefined && !readsOnly(role) && seesWholeRecord(role, 'getFiatAccount');
  const account = useQuery({
    ...fiatAccountQuery(props.record.id),
    enabled: whole,
    staleTime: 60_000,
  });
  return <Named {...props} name={account.data ? fiatAccountName(account.data) : props.name} />;
}

interface NamedProps {
  record: RecordRef;
  name: string | undefined;
  label: string | undefined;
  withId: boolean;
}

/**
 * A record as operators know it: its name (a link to its page where it has one), with its id
 * small, monospace and copyable beside it. A record the console cannot name shows its id alone.
 *
 * @example
 * <RecordName record={{ kind: 'profile', id }} /> // Treasury  5b0a6a2e-…  [copy]
 */
export function RecordName({
  record,
  label,
  withId = true,
}: {
  record: RecordRef;
  /** What the copy button copies, in words ("from profile id"). */
  label?: string;
  /** False where space is short (a table row): the name alone, its id on hover. */
  withId?: boolean;
}) {
  const name = useRecordNames([record.kind])(record);
  const props = { record, name, label, withId };
  return record.kind === 'fiat-account' ? <FiatAccountName {...props} /> : <Named {...props} />;
}

/** The name (a link to the record's page where it has one) and the id small beside it. */
function Named({ record, name, label, withId }: NamedProps) {
  const page = pageOf(record);
  const named = name ? (
    page ? (
      <Anchor component={Link} to={page} size="sm" ff="text" title={withId ? undefined : record.id}>
        {name}
      </Anchor>
    ) : (
      <Text span size="sm" ff="text" title={withId ? undefined : record.id}>
        {name}
      </Text>
    )
  ) : null;
  if (named && !withId) return named;
  return (
    <Group gap={6} wrap="wrap" align="center" component="span">
      {named}
      <Group gap={2} wrap="nowrap" component="span">
        <Text span size={named ? 'xs' : 'sm'} ff="monospace" style={{ wordBreak: 'break-all' }}>
          {record.id}
        </Text>
        <CopyButton value={record.id}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${label ?? `${record.kind.replace('-', ' ')} id`}`}
              >
                {copied ? <CheckIcon /> : <CopyIcon />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Group>
  );
}
