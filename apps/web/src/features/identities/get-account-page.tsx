import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { fillPath, operations } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { IdentityRef } from '@/components/result/identity-ref';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { SectionCard } from '@/components/result/section-card';
import { Freshness } from '@/components/states/freshness';
import { ErrorState, LoadingState } from '@/components/states/states';
import { accountName, accountTypeWords } from '@/lib/account-words';
import { readService } from '@/lib/api';
import { pagePath } from '@/lib/operation-routes';

const yesNo = (v: boolean | undefined) => (v === undefined ? 'Not given' : v ? 'Yes' : 'No');

/**
 * One account: whose it is, who else may act for it and with which roles, its own profile, and
 * whether it is disabled. Requests name it with one of these identities only.
 */
export default function AccountPage() {
  const { id = '' } = useParams();
  const path = fillPath(operations.getAccount.path, { id });
  const query = useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path, {}, operations.getAccount.response),
  });
  const account = query.data;
  let body;
  if (query.isPending) body = <LoadingState label="Loading the account…" />;
  else if (!account) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    body = (
      <>
        <Freshness query={query} />
        <SectionCard title="Who may act for it">
          <FactRow label="Primary identity">
            {account.identity_id ? <IdentityRef id={account.identity_id} withId /> : '—'}
          </FactRow>
          <FactRow label="Members">
            <Stack gap={2}>
              {(account.members ?? []).length === 0 && <Text size="sm">None</Text>}
              {(account.members ?? []).map((m) => (
                <Group key={m.identity_id ?? m.id} gap="xs">
                  {m.identity_id ? <IdentityRef id={m.identity_id} /> : '?'}
                  <Text size="sm">
                    {m.roles?.length ? `(${m.roles.join(', ')})` : '(no roles given)'}
                  </Text>
                </Group>
              ))}
            </Stack>
          </FactRow>
        </SectionCard>
        <SectionCard title="Account">
          <FactRow label="Type">
            <Text size="sm">{accountTypeWords(account.type)}</Text>
          </FactRow>
          <FactRow label="Status">
            <Text size="sm">{account.summary_status ?? '—'}</Text>
          </FactRow>
          <FactRow label="Own profile">
            {account.profile_id ? (
              <ProfileRef id={account.profile_id} />
            ) : (
              <Text size="sm">None</Text>
            )}
          </FactRow>
          <FactRow label="Disabled">
            <Text size="sm">
              By an admin: {yesNo(account.admin_disabled)}; by its user:{' '}
              {yesNo(account.user_disabled)}
            </Text>
          </FactRow>
          <FactRow label="Id">
            <CopyValue value={account.id ?? id} label="account id" />
          </FactRow>
          {account.ref_id && (
            <FactRow label="Reference id">
              <CopyValue value={account.ref_id} label="reference id" />
            </FactRow>
          )}
          <FactRow label="Created">
            {account.created_at ? <LocalTime value={account.created_at} /> : '—'}
          </FactRow>
        </SectionCard>
      </>
    );
  }
  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {account ? accountName(account) : 'Account'}
        </Title>
        <Button component={Link} to={pagePath('listAccounts')} variant="default" size="xs">
          Back to accounts
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
