import { Anchor, List, Text } from '@mantine/core';
import { isRecord } from '@console/schemas';
import { Link, useParams } from 'react-router';
import { RecordTable, type Column } from '@/components/list/record-table';
import { FactRow } from '@/components/result/fact-row';
import { IdentityRef } from '@/components/result/identity-ref';
import { ProfileRef } from '@/components/result/profile-ref';
import { RecordIdRows, RecordPage } from '@/components/result/record-page';
import { SectionCard } from '@/components/result/section-card';
import { ErrorState, LoadingState } from '@/components/states/states';
import { accountName, accountTypeWords, accountsOf, memberRoles } from '@/lib/account-words';
import {
  activeControls,
  identityName,
  identityTypeWords,
  requirementsOf,
} from '@/lib/identity-words';
import { pagePath } from '@/lib/operation-routes';
import { useAccounts } from '@/lib/use-accounts';
import { useServiceRecord } from '@/lib/use-service-record';
import { IdentityDetails } from './identity-details';
import { IdentityControls, IdentityRequirements } from './identity-holds';
import { IdentityStatus } from './identity-status';
import { PersonalDataNote } from './personal-data-note';

const DETAILS = { include_details: 'true', include_institution_members: 'true' } as const;

type Mine = ReturnType<typeof accountsOf>[number] & { id: string };

/** The columns of the identity's accounts: each, and how the identity may act for it. */
function accountColumns(identityId: string): Column<Mine>[] {
  return [
    {
      title: 'Account',
      key: true,
      cell: ({ account }) => (
        <Anchor component={Link} to={pagePath('getAccount', { id: account.id ?? '' })} size="sm">
          {accountName(account)}
        </Anchor>
      ),
    },
    { title: 'Type', cell: ({ account }) => accountTypeWords(account.type) },
    {
      title: 'How',
      lead: true,
      cell: ({ account, relation }) =>
        relation === 'primary'
          ? 'Its own (primary identity)'
          : `Member (${memberRoles(account, identityId).join(', ') || 'no roles given'})`,
    },
    {
      title: 'Own profile',
      cell: ({ account }) =>
        account.profile_id ? <ProfileRef id={account.profile_id} withId={false} /> : '—',
    },
    { title: 'Status', cell: ({ account }) => account.summary_status ?? '—' },
  ];
}

/** The accounts the identity may act for: its own, then those it is a member of. */
function IdentityAccounts({ identityId }: { identityId: string }) {
  const accounts = useAccounts();
  if (accounts.isPending) return <LoadingState label="Loading accounts…" />;
  if (accounts.isError)
    return <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;
  const mine = accountsOf(accounts.data, identityId).map((a) => ({ ...a, id: a.account.id ?? '' }));
  if (mine.length === 0) return <Text size="sm">No account names this identity.</Text>;
  return (
    <RecordTable
      label="Accounts of this identity"
      columns={accountColumns(identityId)}
      items={mine}
      minWidth={720}
    />
  );
}

/**
 * One identity as the service holds it: whether it may transact (status in words, active
 * controls, what is still required), its details (masked by the console server for roles that do
 * not need them, as the page says), its institution's members and the accounts it may act for.
 */
export default function IdentityPage() {
  const { id = '' } = useParams();
  const query = useServiceRecord('getIdentity', { id }, DETAILS);
  return (
    <RecordPage
      query={query}
      title={(identity) => (identity ? identityName(identity) : 'Identity')}
      subtitle={(identity) => identityTypeWords(identity.type)}
      back={{ to: pagePath('listIdentities'), label: 'Back to identities' }}
      loading="Loading the identity…"
    >
      {(identity) => {
        const controls = activeControls(identity);
        const requirements = requirementsOf(identity);
        const members = (
          Array.isArray(identity.institution_members) ? identity.institution_members : []
        ).filter(isRecord);
        return (
          <>
            <SectionCard title="May it transact">
              <IdentityStatus identity={identity} />
              <FactRow label="Active controls">
                <IdentityControls controls={controls} />
              </FactRow>
              <FactRow label="Still required">
                <IdentityRequirements requirements={requirements} />
              </FactRow>
            </SectionCard>
            <SectionCard title="Details">
              <PersonalDataNote read="getIdentity" />
              <IdentityDetails identity={identity} />
            </SectionCard>
            <SectionCard title="Accounts">
              <IdentityAccounts identityId={identity.id} />
            </SectionCard>
            {members.length > 0 && (
              <SectionCard title="Members of this institution">
                <List size="sm">
                  {members.map((m) => (
                    <List.Item key={String(m.identity_id)}>
                      {typeof m.identity_id === 'string' ? <IdentityRef id={m.identity_id} /> : '?'}
                      {Array.isArray(m.roles) && m.roles.length ? ` (${m.roles.join(', ')})` : ''}
                    </List.Item>
                  ))}
                </List>
              </SectionCard>
            )}
            <SectionCard title="Record">
              <RecordIdRows
                noun="identity id"
                id={identity.id}
                refId={identity.ref_id}
                createdAt={identity.created_at}
                updatedAt={identity.updated_at}
              />
            </SectionCard>
          </>
        );
      }}
    </RecordPage>
  );
}
