import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  defaultRuleWords,
  diffPolicies,
  ruleWords,
  type AwaitingApprovalResult,
  type PolicyDocumentV2,
  type PolicyVersion,
} from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RecordTable } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { ErrorState, LoadingState } from '@/components/states/states';
import { dryRunPolicy, getPolicy, POLICY_KEY, proposePolicy } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { personLabel } from '@/lib/person';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import { DryRunResult } from './dry-run-result';
import { changedMembers } from './policy-changes';

const SOURCE_WORDS: Record<PolicyVersion['source'], string> = {
  'built-in': 'the built-in policy',
  file: 'the policy file',
  console: 'the console',
};

const pretty = (document: unknown) => JSON.stringify(document, null, 2);

/** A proposal's reason, from its journaled body. */
function proposalReason(body: string): string {
  try {
    return String((JSON.parse(body) as { reason?: unknown }).reason ?? '');
  } catch {
    return '';
  }
}

/** A sentence ends once: a refusal's reason may end with its own full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A policy's rules in words, in the order they are tried, and what holds when none matches. */
function RulesInWords({ rules }: { rules: PolicyDocumentV2 }) {
  return (
    <ol aria-labelledby="policy-rules">
      {rules.rules.map((rule) => (
        <li key={rule.id}>
          <Text size="sm">{sentence(ruleWords(rule))}</Text>
        </li>
      ))}
      <li>
        <Text size="sm">{sentence(defaultRuleWords(rules.default_rule))}</Text>
      </li>
    </ol>
  );
}

/** Who proposed a version and who approved it, in words. */
function provenance(v: PolicyVersion) {
  const approved = v.approved_by.length > 0 ? `, approved by ${v.approved_by.join(' and ')}` : '';
  return `Proposed by ${personLabel(v.proposed_by, v.proposed_by_name)} from ${SOURCE_WORDS[v.source]}${approved}`;
}

/** An admin's proposal of a new version: the document in force to edit, and why. */
function ProposeForm({ inForce }: { inForce: PolicyVersion }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => pretty(inForce.document));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ document?: string; reason?: string }>({});
  const [held, setHeld] = useState<AwaitingApprovalResult | null>(null);
  const documentRef = useRef<HTMLTextAreaElement>(null);
  const propose = useWrite({
    mutationFn: proposePolicy,
    onSuccess: (result) => {
      setHeld(result);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: POLICY_KEY });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const found = error.problem.errors ?? [];
      const onDocument = found.filter((e) => e.path.startsWith('document'));
      const onReason = found.find((e) => e.path === 'reason');
      setErrors({
        ...(onDocument.length
          ? {
              document: onDocument
                .map((e) => `${e.path.replace(/^document\.?/, '') || 'the document'}: ${e.message}`)
                .join('; '),
            }
          : {}),
        ...(onReason ? { reason: onReason.message } : {}),
      });
      if (onDocument.length) documentRef.current?.focus();
    },
  });

  const dryRun = useWrite({
    mutationFn: (draft: Record<string, unknown>) => dryRunPolicy({ draft }),
    onError: (error) => {
      if (!isApiError(error)) return;
      const onDraft = (error.problem.errors ?? []).filter((e) => e.path.startsWith('draft'));
      if (onDraft.length === 0) return;
      setErrors((e) => ({
        ...e,
        document: onDraft
          .map((p) => `${p.path.replace(/^draft\.?/, '') || 'the document'}: ${p.message}`)
          .join('; '),
      }));
      documentRef.current?.focus();
    },
  });

  let parsed: unknown;
  let parseError: string | undefined;
  try {
    parsed = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      parseError = 'The policy must be a JSON object';
    }
  } catch (error) {
    parseError = `Not JSON: ${(error as Error).message}`;
  }
  const changes = parseError ? [] : changedMembers(inForce.document, parsed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHeld(null);
    const found = {
      ...(parseError ? { document: parseError } : {}),
      ...(changes.length === 0 && !parseError
        ? { document: `This is version ${inForce.version} as it is: change something first` }
        : {}),
      ...(reason.trim() ? {} : { reason: 'Say why, for the approver and the record' }),
    };
    setErrors(found);
    if (found.document) return documentRef.current?.focus();
    if (found.reason) return document.getElementById('policy-reason')?.focus();
    void propose.run({
      document: parsed as Record<string, unknown>,
      based_on: inForce.version,
      reason: reason.trim(),
    });
  };

  return (
    <form noValidate aria-label="Propose a new version" onSubmit={submit}>
      <Stack gap="sm">
        <Textarea
          id="policy-document"
          ref={documentRef}
          label={`The policy, as version ${inForce.version + 1} would say it`}
          description="The same JSON as CONSOLE_POLICY_FILE (README: the approval policy). It comes into force once another admin approves it."
          autosize
          minRows={10}
          maxRows={30}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setErrors((e) => ({ ...e, document: undefined }));
            // A dry run says what the draft it ran did: not the one being typed.
            dryRun.reset();
          }}
          error={errors.document}
        />
        <section aria-labelledby="policy-changes">
          <Title id="policy-changes" order={3} size="h5">
            Changes from version {inForce.version}
          </Title>
          {changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet.
            </Text>
          ) : (
            <ul aria-label={`Changes from version ${inForce.version}`}>
              {changes.map((c) => (
                <li key={c.path}>
                  <Text size="sm" component="span">
                    <Code>{c.path}</Code> {c.words}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              if (parseError) {
                setErrors((e) => ({ ...e, document: parseError }));
                documentRef.current?.focus();
                return;
              }
              void dryRun.run(parsed as Record<string, unknown>);
            }}
            loading={dryRun.isPending}
            disabled={dryRun.isPending}
          >
            Dry run over the last 30 days
          </Button>
          <Text size="xs" c="dimmed">
            Decides the journal’s sends again under this draft and under the versions then in force;
            changes nothing.
          </Text>
        </Group>
        {dryRun.isError && <ErrorState error={dryRun.error} />}
        {dryRun.data && <DryRunResult result={dryRun.data} />}
        <Textarea
          id="policy-reason"
          label="Reason"
          description="Why the policy should change: for the approver and the record."
          required
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
        />
        {propose.isError && <ErrorState error={propose.error} />}
        {held && (
          <Alert color="yellow" variant="light" title="Awaiting another admin’s approval">
            Nothing changed yet: version {inForce.version} decides every send until another admin
            approves this one.{' '}
            <Anchor component={Link} to={`/approvals/${held.journal.id}`}>
              Open the request
            </Anchor>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={propose.isPending} disabled={propose.isPending}>
            Propose for approval
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The approval policy (issue 38): the version in force, what it says, the versions before it and
 * the proposals that wait. Everyone reads it, since it says what their sends will need; an admin
 * proposes a new version, which another admin approves in Approvals.
 */
export function PolicyPage() {
  const session = useSession();
  const admin = session.data?.operator.role === 'admin';
  const policy = useQuery({ queryKey: POLICY_KEY, queryFn: getPolicy });
  // A link to a version (`#version-3`, from a journal entry) scrolls to it once the list is there.
  useEffect(() => {
    if (!policy.data || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [policy.data]);

  if (policy.isPending) return <LoadingState label="Loading the policy" />;
  if (policy.isError) return <ErrorState error={policy.error} />;
  const { in_force: inForce, versions, proposals } = policy.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Approval policy
      </Title>
      <Text size="sm" c="dimmed">
        Which sends wait for whose approval, where money may go, and the limits per operator. Every
        send names the version it was decided under in the journal.
      </Text>

      <section aria-labelledby="policy-in-force">
        <Group gap="xs" mb="xs">
          <Title id="policy-in-force" order={2} size="h4">
            Version {inForce.version}, in force
          </Title>
          <Badge color="green" variant="light">
            since <LocalTime value={inForce.effective_at} />
          </Badge>
        </Group>
        <Text size="sm">{provenance(inForce)}.</Text>
        <Text size="sm">Why: {inForce.reason}</Text>
        <Title order={3} size="h5" mt="sm" id="policy-rules">
          Its rules, the first that matches a send decides it
        </Title>
        <RulesInWords rules={inForce.rules} />
        <details>
          <summary>
            <Text size="sm" component="span">
              Version {inForce.version} as JSON
            </Text>
          </summary>
          <Code block mt="xs" aria-label={`Version ${inForce.version} as JSON`}>
            {pretty(inForce.document)}
          </Code>
        </details>
      </section>

      <section aria-labelledby="policy-proposals">
        <Title id="policy-proposals" order={2} size="h4" mb="xs">
          Proposals awaiting approval
        </Title>
        {proposals.length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          <Stack gap="sm">
            {proposals.map(({ entry, rules }) => (
              <Card key={entry.id} withBorder padding="sm" id={`proposal-${entry.id}`}>
                <Text size="sm">
                  <Anchor component={Link} to={`/approvals/${entry.id}`}>
                    Proposed by {personLabel(entry.operator, entry.operator_name)}
                  </Anchor>{' '}
                  <Text component="span" size="sm" c="dimmed">
                    (<LocalTime value={entry.created_at} />)
                  </Text>
                </Text>
                <Text size="sm">Why: {proposalReason(entry.request_body)}</Text>
                {rules === null ? (
                  <Text size="sm" c="red.8">
                    The policy cannot take this document any more: its approval will be refused.
                  </Text>
                ) : (
                  <ul aria-label={`What the proposal by ${entry.operator_name} changes`}>
                    {diffPolicies(inForce.rules, rules).map((change, i) => (
                      <li key={i}>
                        <Text size="sm">{change.text}</Text>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            ))}
          </Stack>
        )}
      </section>

      {admin && (
        <section aria-labelledby="policy-propose">
          <Title id="policy-propose" order={2} size="h4" mb="xs">
            Propose a new version
          </Title>
          <ProposeForm key={inForce.version} inForce={inForce} />
        </section>
      )}

      <section aria-labelledby="policy-versions">
        <Title id="policy-versions" order={2} size="h4" mb="xs">
          Versions
        </Title>
        <RecordTable
          label="Versions of the policy"
          items={versions}
          rowKey={(v) => String(v.version)}
          rowId={(v) => `version-${v.version}`}
          minWidth={760}
          columns={[
            {
              title: 'Version',
              key: true,
              cell: (v) => (
                <Text size="sm" fw={500}>
                  {v.version}
                  {v.superseded_at === null ? ' (in force)' : ''}
                </Text>
              ),
            },
            { title: 'In force from', cell: (v) => <LocalTime value={v.effective_at} /> },
            {
              title: 'Until',
              cell: (v) => (v.superseded_at ? <LocalTime value={v.superseded_at} /> : '—'),
            },
            { title: 'Who', cell: (v) => <Text size="sm">{provenance(v)}</Text> },
            { title: 'Why', cell: (v) => <Text size="sm">{v.reason}</Text> },
          ]}
        />
      </section>
    </Stack>
  );
}
