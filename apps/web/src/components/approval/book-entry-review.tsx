import { Stack, Text } from '@mantine/core';
import {
  coolingOffHoursOf,
  DestinationTargetSchema,
  either,
  hoursWords,
  operations,
  operationsBoundToBook,
  type DestinationTarget,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { RecordName } from '@/components/result/record-name';
import { getPolicy, POLICY_KEY } from '@/lib/api';
import { KIND_LABELS } from '@/lib/destination-words';
import type { RecordRef } from '@/lib/record-ref';

/** The record a target names, as the console names it elsewhere: a profile by its nickname. */
function recordOf(target: DestinationTarget): RecordRef {
  switch (target.kind) {
    case 'crypto-address':
      return { kind: 'address', id: target.address };
    case 'fiat-account':
      return { kind: 'fiat-account', id: target.fiat_account_id };
    case 'counterparty-profile':
    case 'own-profile':
      return { kind: 'profile', id: target.profile_id };
  }
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm" component="div">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * What a new entry of the book of allowed destinations is, for its approver (issue 66): the
 * destination by its name and id (a crypto address with its network), its kind, the name it is
 * to have, the maker's reason, how long it cools off after the last approval, and which sends of
 * the policy in force it binds, said also when it binds none.
 */
export function BookEntryReview({ fields }: { fields: Record<string, unknown> }) {
  const policy = useQuery({ queryKey: POLICY_KEY, queryFn: getPolicy });
  const target = DestinationTargetSchema.safeParse(fields.target);
  if (!target.success) {
    return (
      <Text size="sm" c="dimmed">
        An entry of the book whose destination the console cannot read: see the exact body below.
      </Text>
    );
  }
  const inForce = policy.data?.in_force;
  const hours = inForce ? coolingOffHoursOf(inForce.rules, target.data.kind) : undefined;
  const bound = inForce ? operationsBoundToBook(inForce.rules) : undefined;
  return (
    <Stack gap={4} aria-label="The entry of the book" role="group">
      <Line label="Destination">
        <RecordName record={recordOf(target.data)} label="destination id" />
        {target.data.kind === 'crypto-address' && (
          <Text span size="sm">
            {' '}
            on {target.data.network}
          </Text>
        )}
      </Line>
      <Line label="Kind">{KIND_LABELS[target.data.kind]}</Line>
      {typeof fields.name === 'string' && <Line label="Named in the book">{fields.name}</Line>}
      {typeof fields.reason === 'string' && <Line label="The maker’s reason">{fields.reason}</Line>}
      {hours !== undefined && (
        <Line label="Cooling-off">
          {hours === 0
            ? 'none: usable at its approval'
            : `${hoursWords(hours)}: usable from approval + ${hoursWords(hours)}`}
        </Line>
      )}
      {inForce && bound && (
        <Line label="Binding">
          {bound.length === 0
            ? `no operation requires the book under version ${inForce.version}`
            : `version ${inForce.version} asks the book for ${either(
                bound.map((id) => operations[id].title),
                'and',
              )}`}
        </Line>
      )}
    </Stack>
  );
}
