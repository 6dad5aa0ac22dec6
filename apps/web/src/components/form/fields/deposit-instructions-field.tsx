import { Text } from '@mantine/core';
import { railAndDigits } from '@/lib/fiat-account-words';
import { identityName } from '@/lib/identity-words';
import { useDepositInstructions } from '@/lib/use-deposit-instructions';
import { useIdentities } from '@/lib/use-identities';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { useWatch } from 'react-hook-form';
import { PaymentDetails } from '../../result/payment-details';
import { ListPicker } from './list-picker';
import type { FieldProps } from './text-field';

/**
 * Fiat deposit instructions, picked by profile and memo. A deprecated set is marked and cannot be
 * chosen: every form here starts something new, and a deprecated set must not go to a new payer.
 * The chosen set's memo and wire details are shown with copy buttons, for the payer.
 */
export function DepositInstructionsField({ name, required }: FieldProps) {
  const instructions = useDepositInstructions();
  const identities = useIdentities();
  const profiles = useProfiles();
  const chosen = useWatch({ name }) as unknown;
  const options = (instructions.data ?? [])
    .map((d) => {
      const identity = identities.byId.get(d.identity_id);
      return {
        value: d.id,
        label: `${profileName(profiles.byId, d.profile_id)} · memo ${d.memo_id}`,
        detail: [railAndDigits(d), identity ? `for ${identityName(identity)}` : undefined, d.status]
          .filter(Boolean)
          .join(' · '),
        unavailable: d.status === 'DEPRECATED' ? 'deprecated, not for new payers' : undefined,
      };
    })
    .sort((a, b) => Number(a.unavailable !== undefined) - Number(b.unavailable !== undefined));
  const held = typeof chosen === 'string' ? instructions.byId.get(chosen) : undefined;
  return (
    <ListPicker
      name={name}
      required={required}
      options={options}
      noun="set of deposit instructions"
      plural="deposit instructions"
      loading={instructions.isPending}
      failed={instructions.isError}
      problem={
        held?.status === 'DEPRECATED'
          ? 'These instructions are deprecated: do not give them to a new payer.'
          : undefined
      }
      below={
        held && (
          <>
            <Text size="xs" fw={600}>
              What the payer needs
            </Text>
            <PaymentDetails instructions={held} />
          </>
        )
      }
    />
  );
}
