import { Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { FactRow } from '@/components/result/fact-row';
import { IdentityRef } from '@/components/result/identity-ref';
import { ProfileRef } from '@/components/result/profile-ref';
import { RecordIdRows, RecordPage } from '@/components/result/record-page';
import { SectionCard } from '@/components/result/section-card';
import { accountName, accountTypeWords } from '@/lib/account-words';
import { pagePath } from '@/lib/operation-routes';
import { useServiceRecord } from '@/lib/use-service-record';

const yesNo = (v: boolean | undefined) => (v === undefined ? 'Not given' : v ? 'Yes' : 'No');

/**
 * One account: whose it is, who else may act for it and with which roles, its own profile, and
 * whether it is disabled. Requests name it with one of these identities only.
 */
export default function AccountPage() {
  const { id = '' } = useParams();
  const query = useServiceRecord('getAccount', { id });
  return (
    <RecordPage
      query={query}
      title={(account) => (account ? accountName(account) : 'Account')}
      back={{ to: pagePath('listAccounts'), label: 'Back to accounts' }}
      loading="Loading the account…"
    >
      {(account) => (
        <>
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
            <RecordIdRows
              noun="account id"
              id={account.id ?? id}
              refId={account.ref_id}
              createdAt={account.created_at}
            />
          </SectionCard>
        </>
      )}
    </RecordPage>
  );
}
