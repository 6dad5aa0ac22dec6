import { Anchor, Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import {
  defaultRuleWords,
  policyChangeList,
  ruleWords,
  type PolicyDocumentV2,
  type PolicyVersion,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { RecordTable } from '@/components/list/record-table';
import { PolicyChangeListView } from '@/components/policy/policy-change-list-view';
import { LocalTime } from '@/components/result/local-time';
import { ErrorState, LoadingState } from '@/components/states/states';
import { getPolicy, POLICY_KEY } from '@/lib/api';
import { personLabel } from '@/lib/person';
import { useSession } from '@/lib/session';
import { ProposeForm } from './propose-form';

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
          <Text size="sm">{sentence(ruleWords(rule, rules.market_order_margin_percent))}</Text>
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
                  <PolicyChangeListView
                    changes={policyChangeList(inForce.rules, rules)}
                    label={`What the proposal by ${entry.operator_name} changes`}
                  />
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
          <ProposeForm
            key={inForce.version}
            inForce={inForce}
            stalled={policy.data.proposal_stalled}
          />
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
