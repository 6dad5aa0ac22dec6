import { Stack, Text } from '@mantine/core';
import { FIAT_ACCOUNT_STATUSES } from '@console/schemas';
import { RecordAction } from '@/components/action/record-action';
import type { WriteOutcome } from '@/components/action/use-record-write';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { StatusBadge } from '@/components/result/status-badge';
import { fiatAccountName } from '@/lib/fiat-account-words';
import type { ReadFiatAccount } from '@/lib/read-schemas';

/**
 * Delete (`deleteFiatAccount`), for the roles that manage fiat accounts: confirmed with the account
 * named, journaled, and held for approval where the policy says so.
 */
export function DeleteFiatAccountAction({
  account,
  onOutcome,
}: {
  account: ReadFiatAccount;
  onOutcome?: (outcome: WriteOutcome) => void;
}) {
  return (
    <RecordAction
      operation="deleteFiatAccount"
      input={{ id: account.id }}
      label="Delete fiat account"
      title="Delete this fiat account?"
      summary={
        <Stack gap={4} aria-label="The fiat account">
          <FactRow label="Account">
            <Text size="sm" fw={600}>
              {fiatAccountName(account)}
            </Text>
          </FactRow>
          <FactRow label="Status">
            <StatusBadge value={account.status} known={FIAT_ACCOUNT_STATUSES} />
          </FactRow>
          <FactRow label="Account id">
            <CopyValue value={account.id} label="fiat account id" />
          </FactRow>
        </Stack>
      }
      note="After deletion no new transfer to this account can be started. This cannot be undone from the console."
      keepLabel="Keep the account"
      confirmLabel="Delete the account"
      sentText="Deleted."
      onOutcome={onOutcome}
    />
  );
}
