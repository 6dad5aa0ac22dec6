import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  FIAT_DEPOSIT_INSTRUCTIONS_STATUSES,
  fillPath,
  operations,
  readsOnly,
  seesWholeRecord,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { AccountRef, IdentityRef } from '@/components/result/identity-ref';
import { LocalTime } from '@/components/result/local-time';
import { PaymentDetails } from '@/components/result/payment-details';
import { ProfileRef } from '@/components/result/profile-ref';
import { SectionCard } from '@/components/result/section-card';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { ErrorState, LoadingState } from '@/components/states/states';
import { readService } from '@/lib/api';
import { railAndDigits } from '@/lib/fiat-account-words';
import { pagePath } from '@/lib/operation-routes';
import { useSession } from '@/lib/session';

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
  const path = fillPath(operations.getFiatDepositInstructions.path, { id });
  const query = useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path, {}, operations.getFiatDepositInstructions.response),
  });
  const d = query.data;
  let body;
  if (query.isPending) body = <LoadingState label="Loading the deposit instructions…" />;
  else if (!d) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    body = (
      <>
        <Freshness query={query} />
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
          <FactRow label="Id">
            <CopyValue value={d.id} label="deposit instructions id" />
          </FactRow>
          {d.ref_id && (
            <FactRow label="Reference id">
              <CopyValue value={d.ref_id} label="reference id" />
            </FactRow>
          )}
          <FactRow label="Created">
            <LocalTime value={d.created_at} />
          </FactRow>
        </SectionCard>
      </>
    );
  }
  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            Deposit instructions
          </Title>
          {d && (
            <Text size="sm" c="dimmed">
              {railAndDigits(d)} · memo {d.memo_id}
            </Text>
          )}
        </div>
        <Button
          component={Link}
          to={pagePath('listFiatDepositInstructions')}
          variant="default"
          size="xs"
        >
          Back to deposit instructions
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
