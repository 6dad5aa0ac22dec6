import { Stack, Text } from '@mantine/core';
import { RecordAction } from '@/components/action/record-action';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { ProfileRef } from '@/components/result/profile-ref';
import type { ReadRule } from '@/lib/read-schemas';
import { SourceInWords } from './endpoint-words';

/**
 * Delete rule (`deleteOrchestrationRule`): confirmed with the rule named, journaled, and held for
 * approval where the policy says so. The rule stays, with status DELETED.
 */
export function DeleteRuleAction({ rule }: { rule: ReadRule }) {
  return (
    <RecordAction
      operation="deleteOrchestrationRule"
      input={{ id: rule.id }}
      label="Delete rule"
      title="Delete this rule?"
      summary={
        <Stack gap={4} aria-label="The rule">
          <FactRow label="Rule">
            <Text size="sm" fw={600}>
              {rule.nickname || 'Unnamed rule'} · {rule.source_asset} → {rule.destination_asset}
            </Text>
          </FactRow>
          <FactRow label="Watches">
            <SourceInWords source={rule.source} rule />
          </FactRow>
          {rule.profile_id && (
            <FactRow label="Profile">
              <ProfileRef id={rule.profile_id} />
            </FactRow>
          )}
          <FactRow label="Rule id">
            <CopyValue value={rule.id} label="rule id" />
          </FactRow>
        </Stack>
      }
      note="A deleted rule matches no new deposit; the orchestrations it made run to completion. Deposits to its address or instructions are still credited to its profile, but not converted. The rule stays listed, as DELETED."
      keepLabel="Keep the rule"
      confirmLabel="Delete the rule"
      sentText="Delete sent: the rule is being deleted."
    />
  );
}
