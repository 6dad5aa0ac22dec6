import type { AllowedDestination, DestinationKind, DestinationState } from '@console/schemas';

/** Each kind of entry as the form's choice names it. */
export const KIND_LABELS: Readonly<Record<DestinationKind, string>> = {
  'crypto-address': 'Crypto address',
  'fiat-account': 'Fiat account',
  'counterparty-profile': 'Counterparty profile (svc transfers)',
  'own-profile': 'Profile of our own (internal transfers, orchestrations)',
};

/** Each state in the words of the list. */
export const STATE_LABELS: Readonly<Record<DestinationState, string>> = {
  PENDING_APPROVAL: 'Awaiting approval',
  COOLING_OFF: 'Cooling off',
  ACTIVE: 'Active',
  REVOKED: 'Revoked',
};

/** A state's badge colour: usable green, waiting yellow or blue, revoked grey. */
export const STATE_COLORS: Readonly<Record<DestinationState, string>> = {
  ACTIVE: 'green',
  COOLING_OFF: 'blue',
  PENDING_APPROVAL: 'yellow',
  REVOKED: 'gray',
};

/** The destination an entry names, without its kind: the address and network, the id. */
export function targetWords(entry: Pick<AllowedDestination, 'target'>): string {
  const { target } = entry;
  switch (target.kind) {
    case 'crypto-address':
      return `${target.address} (${target.network})`;
    case 'fiat-account':
      return target.fiat_account_id;
    case 'counterparty-profile':
    case 'own-profile':
      return target.profile_id;
  }
}

/**
 * When money may go there, in words: "Usable now", "Usable from" a time, "After approval", or
 * "Never" for a revoked entry. The time itself is shown beside the words.
 */
export function usableWords(entry: Pick<AllowedDestination, 'state'>): string {
  switch (entry.state) {
    case 'ACTIVE':
      return 'Usable since';
    case 'COOLING_OFF':
      return 'Usable from';
    case 'PENDING_APPROVAL':
      return 'After its approval and cooling-off';
    case 'REVOKED':
      return 'Not usable: revoked';
  }
}

/** Whether an admin may revoke it still: every state but REVOKED. */
export const revocable = (entry: Pick<AllowedDestination, 'state'>) => entry.state !== 'REVOKED';
