import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import {
  isRecord,
  isWriteOperationId,
  type ConsoleProblem,
  type SendResult,
} from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ProblemAlert } from '@/components/form/problem-alert';
import { RawJson } from '@/components/result/raw-json';
import { ResultCard } from '@/components/result/result-card';
import { ErrorState, LoadingState } from '@/components/states/states';
import { getJournalEntry, retryJournalEntry } from '@/lib/api';
import { isApiError, networkProblem } from '@/lib/api-error';
import { useWrite } from '@/lib/use-write';
import { cloneLink } from '@/lib/operation-routes';
import { liveRecordOf } from '@/lib/read-schemas';
import { retryOfEntry } from '@/lib/retry-rule';
import { useSession } from '@/lib/session';
import { EntryFacts } from './entry-facts';
import { JournalApproval, neverSent, useEntryApproval } from './journal-approval';
import { JournalHistory } from './journal-history';
import { OpenOutcome } from './open-outcome';
import { mayCloneNow } from './outcome';
import { operationTitle } from '@/lib/operation-title';

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * One journal entry: the exact request and the answer. An UNKNOWN entry offers Resolve (read
 * back, or the stored bytes again where that is safe), and a REJECTED one Retry where the same
 * bytes can succeed (retry-rule.ts).
 */
export function JournalDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const entry = useQuery({
    queryKey: ['journal', 'entry', id],
    queryFn: () => getJournalEntry(id),
  });
  const approval = useEntryApproval(id);
  // Resolve and Retry send the stored bytes again with the same ref_id: never a new intent, and
  // never on their own (useWrite).
  const resend = useWrite({
    mutationFn: () => retryJournalEntry(id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      void queryClient.invalidateQueries({ queryKey: ['svc'] });
    },
  });
  const retrying = resend.isPending;
  const outcome: { result?: SendResult; problem?: ConsoleProblem } | null = resend.isSuccess
    ? { result: resend.data }
    : resend.isError
      ? {
          problem: isApiError(resend.error)
            ? resend.error.problem
            : networkProblem(String(resend.error)),
        }
      : null;

  if (entry.isPending) return <LoadingState label="Loading the journal entry…" />;
  if (entry.isError) return <ErrorState error={entry.error} onRetry={() => void entry.refetch()} />;
  const data = entry.data;
  const known = isWriteOperationId(data.operation) ? data.operation : undefined;
  const title = operationTitle(data.operation);
  const may = known !== undefined && (session.data?.operations.includes(known) ?? false);
  const clone = may && mayCloneNow(data) ? cloneLink(data.operation, data.id) : undefined;
  // A request that needed approval and was never sent is not retried: it is cloned, and approved anew.
  const answer = data.response;
  // A create that the service answered links to the record as it is now.
  const record = known && isRecord(answer) ? liveRecordOf(known)?.page?.(answer) : undefined;
  // Offered only where sending the same bytes again can succeed (retry-rule.ts).
  const offer = may && !neverSent(approval.data) ? retryOfEntry(data) : null;
  const canRetry = offer !== null;

  const retry = async () => {
    // The answer and the problem are the mutation's state, shown below.
    await resend.run().catch(() => undefined);
  };

  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Journal entry: {title}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/journal" variant="default" size="xs">
            Back to the journal
          </Button>
          {canRetry && (
            <Button
              size="xs"
              variant={offer === 'resolve' ? 'filled' : 'default'}
              color={offer === 'resolve' ? 'orange' : undefined}
              onClick={() => void retry()}
              loading={retrying}
              disabled={retrying}
            >
              {offer === 'resolve' ? 'Resolve' : 'Retry'}
            </Button>
          )}
          {record && (
            <Button component={Link} to={record} variant="default" size="xs">
              Open the live record
            </Button>
          )}
          {clone && (
            <Button component={Link} to={clone} size="xs">
              Clone as new
            </Button>
          )}
        </Group>
      </Group>
      {!outcome && <OpenOutcome entry={data} mayResolve={canRetry} />}
      {outcome?.result && (
        <ResultCard
          operation={known ?? 'createOrder'}
          data={outcome.result.data}
          journal={outcome.result.journal}
          title="Answer to the retry"
          focusOnShow
        />
      )}
      {outcome?.problem && known && (
        <ProblemAlert
          problem={outcome.problem}
          operation={known}
          refId={data.ref_id ?? undefined}
        />
      )}
      <Card withBorder padding="md">
        <EntryFacts entry={data} operationTitle={title} />
      </Card>
      {approval.data && <JournalApproval detail={approval.data} />}
      <JournalHistory events={data.history} />
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Title order={2} size="h5">
            Request body
          </Title>
          <Code block style={{ maxHeight: 360, overflow: 'auto', fontSize: 12 }}>
            {pretty(data.request_body)}
          </Code>
          {data.body_masked ? (
            // Masked bytes under "exact bytes" would tell something false: the hash is exact.
            <Text size="sm" c="dimmed">
              The exact bytes sent are hidden from your role: the body above is masked. Their
              SHA-256 is <Code>{data.body_sha256}</Code>.
            </Text>
          ) : (
            <RawJson value={data.request_body} label="exact bytes sent" />
          )}
        </Stack>
      </Card>
      <Stack gap="xs">
        <Title order={2} size="h5">
          Response
        </Title>
        {data.state === 'SUCCEEDED' && known && data.response ? (
          <ResultCard operation={known} data={data.response} title="The service's answer" />
        ) : data.response ? (
          <Card withBorder padding="md">
            <Code block style={{ fontSize: 12 }}>
              {JSON.stringify(data.response, null, 2)}
            </Code>
          </Card>
        ) : (
          <Text size="sm" c="dimmed">
            No answer recorded.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
