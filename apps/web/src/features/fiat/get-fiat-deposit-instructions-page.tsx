import { Alert, Text } from '@mantine/core';
import { FIAT_DEPOSIT_INSTRUCTIONS_STATUSES, readsOnly, seesWholeRecord } from '@console/schemas';
import { useParams } from 'react-router';
import { FactRow } from '@/components/result/fact-row';
import { AccountRef, IdentityRef } from '@/components/result/identity-ref';
import { PaymentDetails } from '@/components/result/payment-details';
import { ProfileRef } from '@/components/result/profile-ref';
import { RecordIdRows, RecordPage } from '@/components/result/record-page';
import { SectionCard } from '@/components/result/section-card';
import { StatusBadge } from '@/components/result/status-badge';
import { railAndDigits } from '@/lib/fiat-account-words';
import { pagePath } from '@/lib/operation-routes';
import { useSession } from '@/lib/session';
import { useServiceRecord } from '@/lib/use-service-record';

/**
 * One set of deposit instructions: what a payer needs (the memo to quote, then where to wire),
 * each with a copy button and all at once, and whose they are. A deprecated set says not to give
 * it to a new payer. The console server masks the bank details for roles that may not see them.
 */
export default function DepositInstructionsDetailPage() {
  const { id = '' } = useParams();
  const role = useSession().data?.operator.role;
  // As the console server decides: a viewer, or a role the read keeps its whole record from.
  const masked =
    role !== undefined && (readsOnly(role) || !seesWholeRecord(role, 'getFiatDepositInstructions'));
  const query = useServiceRecord('getFiatDepositInstructions', { id });
  return (
    <RecordPage
      query={query}
      title={() => 'Deposit instructions'}
      subtitle={(d) => `${railAndDigits(d)} · memo ${d.memo_id}`}
      back={{
        to: pagePath('listFiatDepositInstructions'),
        label: 'Back to deposit instructions',
      }}
      loading="Loading the deposit instructions…"
    >
      {(d) => (
        <>
          {d.status === 'DEPRECATED' && (
            <Alert color="orange" variant="light" title="Deprecated" role="note">
              These instructions must not be given to a new payer: give a valid set instead.
            </Alert>
          )}
          {masked && (
            <Alert color="gray" variant="light" p="xs" role="note">
              <Text size="sm">
                Your role sees the bank details masked: the console server sends only their last
                characters.
              </Text>
            </Alert>
          )}
          <SectionCard title="What the payer needs">
            <PaymentDetails instructions={d} />
          </SectionCard>
          <SectionCard title="Whose they are">
            <FactRow label="Profile credited">
              <ProfileRef id={d.profile_id} />
            </FactRow>
            <FactRow label="Identity">
              <IdentityRef id={d.identity_id} withId />
            </FactRow>
            <FactRow label="Account">
              {d.account_id ? <AccountRef id={d.account_id} /> : <Text size="sm">None</Text>}
            </FactRow>
            <FactRow label="Status">
              <StatusBadge value={d.status} known={FIAT_DEPOSIT_INSTRUCTIONS_STATUSES} />
            </FactRow>
            <RecordIdRows
              noun="deposit instructions id"
              id={d.id}
              refId={d.ref_id}
              createdAt={d.created_at}
            />
          </SectionCard>
        </>
      )}
    </RecordPage>
  );
}
