import { Alert, Anchor, Button, Text } from '@mantine/core';
import { FINAL_FIAT_ACCOUNT_STATUSES, readsOnly, routeOf, seesWholeRecord } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { RecordPage } from '@/components/result/record-page';
import { ResultCard } from '@/components/result/result-card';
import { SectionCard } from '@/components/result/section-card';
import { fiatAccountName } from '@/lib/fiat-account-words';
import { liveInterval } from '@/lib/live-interval';
import { pagePath } from '@/lib/operation-routes';
import type { ReadFiatAccount } from '@/lib/read-schemas';
import { useCan, useSession } from '@/lib/session';
import { fiatAccountQuery } from '@/lib/use-fiat-accounts';
import { DeleteFiatAccountAction } from './delete-fiat-account-action';
import { FiatAccountOwner } from './fiat-account-owner';

const isFinal = (a: ReadFiatAccount | undefined) =>
  a !== undefined && (FINAL_FIAT_ACCOUNT_STATUSES as readonly string[]).includes(a.status);

/**
 * One fiat account as the service holds it now: its owner (a person or an institution), its
 * network instructions, its status followed until the service has reviewed it, and, for the roles
 * that manage fiat accounts, Update and Delete. The BFF masks the record for roles that may not
 * see it whole; the page says so.
 */
export default function FiatAccountPage() {
  const { id = '' } = useParams();
  const role = useSession().data?.operator.role;
  const canUpdate = useCan('updateFiatAccount');
  const [deletedAt, setDeletedAt] = useState<number>();
  const query = useQuery({
    // Polled until final: in the background, so an unattended console still idles out.
    ...fiatAccountQuery(id, { background: true }),
    enabled: deletedAt === undefined,
    refetchInterval: (q) => liveInterval(q.state.dataUpdateCount, isFinal(q.state.data)),
  });
  const whole = role !== undefined && !readsOnly(role) && seesWholeRecord(role, 'getFiatAccount');

  return (
    <RecordPage
      query={query}
      title={() => 'Fiat account'}
      subtitle={(account) => fiatAccountName(account)}
      actions={(account) =>
        deletedAt === undefined && (
          <>
            {canUpdate && (
              <Button
                component={Link}
                to={routeOf('updateFiatAccount', { id: account.id })}
                size="xs"
              >
                Update
              </Button>
            )}
            <DeleteFiatAccountAction
              account={account}
              onOutcome={(outcome) => {
                if (outcome.kind === 'sent') setDeletedAt(Date.now());
              }}
            />
          </>
        )
      }
      back={{ to: pagePath('listFiatAccounts'), label: 'Back to fiat accounts' }}
      loading="Loading the fiat account…"
      live={(account) => !isFinal(account)}
      instead={
        deletedAt !== undefined && (
          <Alert color="teal" variant="light" title="Deleted" role="status">
            <Text size="sm">
              Deleted at <LocalTime value={deletedAt} />: no new transfer to this account can be
              started.
            </Text>
          </Alert>
        )
      }
    >
      {(account) => (
        <>
          {!whole && (
            <Alert color="gray" variant="light" p="xs" role="note">
              <Text size="sm">
                Your role sees this account masked: names, addresses and numbers show their last
                characters only.
              </Text>
            </Alert>
          )}
          <SectionCard title="Owner">
            <FiatAccountOwner account={account} />
          </SectionCard>
          <ResultCard
            operation="updateFiatAccount"
            data={account}
            title="As the service holds it now"
          />
          <SectionCard title="Journal">
            <Text size="sm">
              Changes of fiat accounts carry no reference id to find them by:{' '}
              <Anchor
                component={Link}
                to="/journal?operation=updateFiatAccount"
                size="sm"
                underline="always"
              >
                the journal's fiat account updates
              </Anchor>{' '}
              lists them all.
            </Text>
          </SectionCard>
        </>
      )}
    </RecordPage>
  );
}
