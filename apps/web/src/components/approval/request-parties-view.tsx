import { Group, Text } from '@mantine/core';
import type { Party, Parties } from '@/lib/request-parties';
import { RecordName } from '../result/record-name';

function PartyName({ party }: { party: Party }) {
  if ('text' in party)
    return (
      <Text span size="sm">
        {party.text}
      </Text>
    );
  return <RecordName record={party.record} withId={false} />;
}

/**
 * Where a request moves money from and to ("Treasury → Payouts"), or the record it acts on (a
 * fiat account by its owner or bank), each by its name with its id on hover.
 */
export function RequestParties({ parties }: { parties: Parties }) {
  if (parties.from || parties.to) {
    return (
      <Group gap={4} wrap="wrap" component="span">
        {parties.from ? (
          <PartyName party={parties.from} />
        ) : (
          <Text span size="sm">
            ?
          </Text>
        )}
        <Text span size="sm">
          →
        </Text>
        {parties.to ? (
          <PartyName party={parties.to} />
        ) : (
          <Text span size="sm">
            ?
          </Text>
        )}
      </Group>
    );
  }
  return parties.about ? (
    <PartyName party={parties.about} />
  ) : (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );
}
