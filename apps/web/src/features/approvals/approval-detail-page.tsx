import { Alert, Anchor, Button, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { isWriteOperationId } from '@console/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApprovalHistory } from '@/components/approval/approval-history';
import { SignedDecisions } from './signed-decisions';
import { BookEntryReview } from '@/components/approval/book-entry-review';
import { DecidingRuleWords } from '@/components/approval/deciding-rule-words';
import { approvalsNeeded, roleList } from '@/components/approval/role-names';
import { ProblemAlert } from '@/components/form/problem-alert';
import { LocalTime } from '@/components/result/local-time';
import { ResultCard } from '@/components/result/result-card';
import { ResultFields } from '@/components/result/result-fields';
import { JournalStateBadge } from '@/components/result/journal-state-badge';
import { ErrorState, LoadingState } from '@/components/states/states';
import { PolicyProposalChanges } from '@/components/approval/policy-proposal-changes';
import { RequestParties } from '@/components/approval/request-parties-view';
import { WaitingNeeds } from '@/components/approval/waiting-needs';
import { requestParties } from '@/lib/request-parties';
import { ApprovalActions, type ActionOutcome } from './approval-actions';
import { ChangeReview } from './change-review';
import { useApproval } from './use-approvals';
import { personLabel } from '@/lib/person';
import { useSession } from '@/lib/session';
import { operationTitle } from '@/lib/operation-title';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div>{children}</div>
    </Group>
  );
}

/**
 * Said, and focused, once an approval is recorded that was not the last: the button that was
 * pressed is gone, and the operator learns what happened where their attention is.
 */
function StillWaiting() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" variant="light" role="status" title="Approved">
      Your approval is recorded; the request waits for the approvals it still needs (below).
    </Alert>
  );
}

/**
 * One request for approval: exactly what will be sent (the decoded fields and the raw body whose
 * hash approvals are bound to), who made it, who approved, every step, and the decisions.
 */
export function ApprovalDetailPage() {
  const { id = '' } = useParams();
  const detail = useApproval(id);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  // The approval that sends it is this operator's: the answer card says so, as the history does.
  const me = useSession().data?.operator;

  if (detail.isPending) return <LoadingState label="Loading the request…" />;
  if (detail.isError)
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const { journal, approval, fields } = detail.data;
  const known = isWriteOperationId(journal.operation) ? journal.operation : undefined;
  const title = operationTitle(journal.operation);
  const folded = journal.operation === 'proposePolicyVersion';

  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Approval: {title}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/approvals" variant="default" size="xs">
            Back to approvals
          </Button>
          <Button component={Link} to={`/journal/${journal.id}`} variant="default" size="xs">
            Journal entry
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="md">
        <Stack gap={6}>
          <Fact label="State">
            <JournalStateBadge state={journal.state} />
          </Fact>
          <Fact label="Made by">
            <Text size="sm">{personLabel(journal.operator, journal.operator_name)}</Text>
          </Fact>
          <Fact label="Made at">
            <LocalTime value={journal.created_at} />
          </Fact>
          <Fact label="What">
            {journal.operation === 'proposePolicyVersion' ? (
              <PolicyProposalChanges journalId={journal.id} fields={fields} />
            ) : journal.operation === 'addAllowedDestination' ? (
              <BookEntryReview fields={fields} />
            ) : (
              <RequestParties parties={requestParties(journal.operation, fields)} />
            )}
          </Fact>
          {journal.policy_version !== null && (
            <Fact label="Held under">
              <Anchor component={Link} to={`/policy#version-${journal.policy_version}`} size="sm">
                Policy version {journal.policy_version}
              </Anchor>
            </Fact>
          )}
          {approval.deciding_rule && (
            <Fact label="Why it waits">
              <DecidingRuleWords rule={approval.deciding_rule} />
            </Fact>
          )}
          <Fact label="Needs">
            <Text size="sm">
              {approvalsNeeded(approval.approvers_needed)} by {roleList(approval.eligible_roles)}{' '}
              operators other than the maker
            </Text>
            {journal.state === 'AWAITING_APPROVAL' && (
              <WaitingNeeds prospect={approval.prospect} roles={approval.eligible_roles} />
            )}
          </Fact>
          <Fact label="Expires">
            <LocalTime value={approval.expires_at} />
          </Fact>
          <Fact label="Approved by">
            {approval.approvals.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody yet
              </Text>
            ) : (
              <List size="sm" aria-label="Approvals given">
                {approval.approvals.map((a) => (
                  <List.Item key={a.approver}>
                    {personLabel(a.approver, a.approver_name)} ·{' '}
                    <LocalTime value={a.approved_at} size="sm" />
                    {a.counts ? '' : ' (no longer counts: role changed)'}
                  </List.Item>
                ))}
              </List>
            )}
          </Fact>
          {approval.signatures && approval.signatures.length > 0 && (
            <Fact label="Signed">
              <SignedDecisions signatures={approval.signatures} />
            </Fact>
          )}
          {journal.error && (
            <Fact label="Outcome">
              <Text size="sm">{journal.error}</Text>
            </Fact>
          )}
        </Stack>
      </Card>
      {outcome?.result && known && (
        <ResultCard
          operation={known}
          data={outcome.result.data}
          journal={outcome.result.journal}
          title="Sent: the service's answer"
          sentBy={me ? personLabel(me.username, me.display_name) : undefined}
          focusOnShow
        />
      )}
      {outcome?.waiting && <StillWaiting />}
      {outcome?.problem && known && (
        <ProblemAlert
          problem={outcome.problem}
          operation={known}
          refId={journal.ref_id ?? undefined}
        />
      )}
      <ChangeReview detail={detail.data} />
      <ApprovalActions
        detail={detail.data}
        title={title}
        onOutcome={(next) => {
          setOutcome(next);
          void detail.refetch();
        }}
      />
      <Card withBorder padding="md" component="section" aria-label="What will be sent">
        <Stack gap="xs">
          <Title order={2} size="h5">
            What will be sent
          </Title>
          {known ? (
            <ResultFields operation={known} data={fields} />
          ) : (
            <Code block>{JSON.stringify(fields, null, 2)}</Code>
          )}
          <Text size="sm" c="dimmed">
            {journal.method} {journal.request_path}: the exact body (SHA-256{' '}
            <Text span ff="monospace" size="xs">
              {journal.body_sha256}
            </Text>
            ); approvals are bound to this hash.
          </Text>
          {folded ? (
            // A policy's whole document runs to a thousand lines: its changes in words come
            // first, above; the document stays here for whoever checks it line by line.
            <details>
              <summary>
                <Text size="sm" component="span">
                  The whole document, as approved
                </Text>
              </summary>
              <ExactBody body={journal.request_body} />
            </details>
          ) : (
            <ExactBody body={journal.request_body} />
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-label="History">
        <Stack gap="xs">
          <Title order={2} size="h5">
            History
          </Title>
          <ApprovalHistory events={approval.events} />
          <Anchor component={Link} to={`/journal/${journal.id}`} size="sm">
            Open the journal entry
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The exact bytes that will be sent, as stored: shown whole, folded or not. */
function ExactBody({ body }: { body: string }) {
  return (
    <Code
      block
      aria-label="Exact body"
      style={{
        maxHeight: 360,
        overflow: 'auto',
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {body}
    </Code>
  );
}
