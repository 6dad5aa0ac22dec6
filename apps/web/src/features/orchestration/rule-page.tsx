import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  FINAL_ORCHESTRATION_RULE_STATUSES,
  ORCHESTRATION_RULE_STATUSES,
  ORCHESTRATION_STATUSES,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { RecordJournal } from '@/components/result/record-journal';
import { SectionCard } from '@/components/result/section-card';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { readService } from '@/lib/api';
import { liveInterval } from '@/lib/live-interval';
import { pagePath } from '@/lib/operation-routes';
import { OrchestrationPageSchema, RulePageSchema, type ReadRule } from '@/lib/read-schemas';
import { DeleteRuleAction } from './delete-rule-action';
import { DestinationInWords, SourceInWords } from './endpoint-words';

const isFinal = (rule: ReadRule | undefined) =>
  rule !== undefined &&
  (FINAL_ORCHESTRATION_RULE_STATUSES as readonly string[]).includes(rule.status);

/** The orchestrations a rule made, newest first: what its deposits became. */
function MadeByRule({ id }: { id: string }) {
  const made = useQuery({
    queryKey: ['svc', 'orchestrations', 'by-rule', id],
    queryFn: () =>
      readService(
        '/v2/orchestration/orchestrations',
        { orchestration_rule_id: [id], limit: 20 },
        OrchestrationPageSchema,
      ),
  });
  if (made.isPending) return <LoadingState label="Loading its orchestrations…" />;
  if (made.isError) return <ErrorState error={made.error} onRetry={() => void made.refetch()} />;
  if (made.data.items.length === 0) {
    return <Text size="sm">None yet: no deposit has matched this rule.</Text>;
  }
  return (
    <List size="sm">
      {made.data.items.map((o) => (
        <List.Item key={o.id}>
          <Group gap="xs">
            <Anchor component={Link} to={pagePath('getOrchestration', { id: o.id })} size="sm">
              {o.source_amount ?? ''} {o.source_asset} → {o.destination_asset}
            </Anchor>
            <StatusBadge value={o.status} known={ORCHESTRATION_STATUSES} />
            {o.created_at && <LocalTime value={o.created_at} size="xs" />}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * One orchestration rule: its status, what it watches and what the service made for it (a
 * deposit address or instructions), where matching deposits go, the orchestrations it made, and
 * Delete rule. The service has no read of a single rule, so it is found by id in the list.
 */
export function RulePage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['svc', 'rules', 'one', id],
    queryFn: async () => {
      const page = await readService(
        '/v2/orchestration/rules',
        { ids: [id], limit: 1 },
        RulePageSchema,
        { background: true },
      );
      return page.items.find((r) => r.id === id) ?? null;
    },
    refetchInterval: (q) =>
      liveInterval(
        q.state.dataUpdateCount,
        q.state.data === null || isFinal(q.state.data ?? undefined),
      ),
  });
  const rule = query.data;

  let body;
  if (query.isPending) body = <LoadingState label="Loading the rule…" />;
  else if (query.isError && rule === undefined) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!rule) {
    body = (
      <EmptyState title="No such rule">
        The service lists no rule with the id {id}. It may belong to another customer.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Freshness query={query} live={!isFinal(rule)} />
        <SectionCard title="As the service holds it now">
          <Stack gap={6}>
            <FactRow label="Status">
              <StatusBadge value={rule.status} known={ORCHESTRATION_RULE_STATUSES} />
            </FactRow>
            {rule.profile_id && (
              <FactRow label="Profile">
                <ProfileRef id={rule.profile_id} />
              </FactRow>
            )}
            <FactRow label="Converts">
              <Text size="sm">
                {rule.source_asset} → {rule.destination_asset}
              </Text>
            </FactRow>
            <FactRow label="Watches">
              <SourceInWords source={rule.source} rule />
            </FactRow>
            <FactRow label="Sends to">
              <DestinationInWords destination={rule.destination} />
            </FactRow>
            {rule.created_at && (
              <FactRow label="Created">
                <LocalTime value={rule.created_at} />
              </FactRow>
            )}
            {rule.ref_id && (
              <FactRow label="Reference id">
                <CopyValue value={rule.ref_id} label="reference id" />
              </FactRow>
            )}
            <FactRow label="Rule id">
              <CopyValue value={rule.id} label="rule id" />
            </FactRow>
          </Stack>
        </SectionCard>
        <SectionCard title="Orchestrations it made">
          <MadeByRule id={rule.id} />
        </SectionCard>
        <SectionCard title="Journal">
          <RecordJournal
            filters={
              rule.ref_id
                ? { operation: 'createOrchestrationRule', ref_id: rule.ref_id }
                : undefined
            }
            what="this rule"
          />
        </SectionCard>
      </>
    );
  }

  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Rule{rule?.nickname ? `: ${rule.nickname}` : ''}
        </Title>
        <Group gap="xs">
          {rule && !isFinal(rule) && <DeleteRuleAction rule={rule} />}
          <Button
            component={Link}
            to={pagePath('listOrchestrationRules')}
            variant="default"
            size="xs"
          >
            Back to rules
          </Button>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
