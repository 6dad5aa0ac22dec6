import { Stack, Text } from '@mantine/core';
import { isRecord } from '@console/schemas';
import { FactRow } from '@/components/result/fact-row';
import { ownerOf, railOf } from '@/lib/fiat-account-words';
import type { ReadFiatAccount } from '@/lib/read-schemas';

/** An address as one line, in the order a letter would carry it. */
function addressLine(address: unknown): string | undefined {
  if (!isRecord(address)) return undefined;
  const parts = ['address1', 'address2', 'city', 'province', 'zip_code', 'country']
    .map((k) => address[k])
    .filter((v): v is string => typeof v === 'string' && v !== '');
  return parts.length ? parts.join(', ') : undefined;
}

/** Whose the account is (a person or an institution), and where they live, as the record says. */
export function FiatAccountOwner({ account }: { account: ReadFiatAccount }) {
  const owner = ownerOf(account);
  const rail = railOf(account);
  const details = rail ? account.fiat_network_instructions[rail] : undefined;
  const address = addressLine(isRecord(details) ? details.fiat_account_owner_address : undefined);
  return (
    <Stack gap={6}>
      <FactRow label="Owner is">
        <Text size="sm">
          {owner.kind === 'person'
            ? 'A person'
            : owner.kind === 'institution'
              ? 'An institution'
              : 'Not given in this view'}
        </Text>
      </FactRow>
      <FactRow label="Name">
        <Text size="sm" fw={600}>
          {owner.name ?? 'Not given in this view'}
        </Text>
      </FactRow>
      <FactRow label="Address">
        <Text size="sm">{address ?? 'Not given in this view'}</Text>
      </FactRow>
    </Stack>
  );
}
