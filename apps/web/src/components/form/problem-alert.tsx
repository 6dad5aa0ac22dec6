import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { problemCode, type ConsoleProblem, type WriteOperationId } from '@console/schemas';
import { Link } from 'react-router';
import { describeProblem } from '@/lib/problem-sentence';
import { useRecordNames } from '@/lib/record-names';
import { CopyValue } from '../result/copy-value';
import { ResultCard } from '../result/result-card';

export interface ProblemAlertProps {
  problem: ConsoleProblem;
  operation: WriteOperationId;
  refId?: string | undefined;
  onRetry?: (journalId: string) => void;
  retrying?: boolean;
}

/** A refused or failed send as a plain sentence, with the next step as a button where there is one. */
export function ProblemAlert({ problem, operation, refId, onRetry, retrying }: ProblemAlertProps) {
  // A refusal names records as operators know them (insufficient funds: the profile's nickname);
  // the profiles are read only for a problem that names one.
  const namesProfile =
    problem.upstream !== undefined && problemCode(problem.upstream.type) === 'insufficient-funds';
  const nameOf = useRecordNames(namesProfile ? ['profile'] : []);
  const text = describeProblem(problem, refId, nameOf);
  const existing =
    problem.upstream && problemCode(problem.upstream.type) === 'already-exists'
      ? (problem.upstream.meta as { existing?: unknown } | undefined)?.existing
      : undefined;
  const journalId = problem.journal?.id;
  return (
    <Alert
      color={text.retry === 'resolve' ? 'orange' : 'red'}
      title={text.title}
      role="alert"
      variant="light"
      tabIndex={-1}
      data-invalid-focus
    >
      <Stack gap="xs">
        <Text size="sm">{text.sentence}</Text>
        <Group gap="md">
          {problem.request_id && (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Request id
              </Text>
              <CopyValue value={problem.request_id} label="request id" />
            </Group>
          )}
          {journalId && (
            <Text size="xs" component={Link} to={`/journal/${journalId}`} c="blue">
              Open the journal entry
            </Text>
          )}
          {/* A send refused before it was journaled (nobody could approve it) is not there. */}
          {!journalId &&
            problem.code !== 'approval-impossible' &&
            (refId || problem.code === 'network') && (
              <Text
                size="xs"
                component={Link}
                to={`/journal${refId ? `?ref_id=${encodeURIComponent(refId)}` : ''}`}
                c="blue"
              >
                Look it up in the Journal
              </Text>
            )}
        </Group>
        {text.retry && journalId && onRetry && (
          <Group>
            {/* Never red: sending again is the way forward here, not a danger (retry-rule.ts). */}
            <Button
              size="xs"
              variant={text.retry === 'resolve' ? 'filled' : 'default'}
              color={text.retry === 'resolve' ? 'orange' : undefined}
              onClick={() => onRetry(journalId)}
              loading={retrying}
              disabled={retrying}
            >
              {text.retry === 'resolve' ? 'Resolve' : 'Retry'}
            </Button>
            <Text size="xs" c="dimmed">
              Sends the same journaled request again, with the same reference id.
            </Text>
          </Group>
        )}
        {existing !== undefined && (
          <ResultCard operation={operation} data={existing} title="The existing record" />
        )}
      </Stack>
    </Alert>
  );
}
