/**
 * A record an id names, and which kind of record it is: what the console shows by its name
 * (a profile's nickname, a fiat account's owner or bank) with the id small beside it.
 */
export const RECORD_KINDS = [
  'profile',
  'fiat-account',
  /** A deposit address by its id. */
  'deposit-address',
  /** A crypto address as text: one of the deposit addresses, or an address outside. */
  'address',
  'order',
  'rule',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface RecordRef {
  kind: RecordKind;
  id: string;
}

/**
 * The kind of record a list read of the registry serves (an id field's `choices`), and the
 * member the field takes (`choiceMember`: a deposit address's `address` instead of its id).
 */
export function kindOfChoices(
  choices: string | undefined,
  member: string | undefined,
): RecordKind | undefined {
  switch (choices) {
    case 'listProfiles':
      return 'profile';
    case 'listFiatAccounts':
      return 'fiat-account';
    case 'listDepositAddresses':
      return member === 'address' ? 'address' : 'deposit-address';
    case 'listOrders':
      return 'order';
    case 'listOrchestrationRules':
      return 'rule';
    default:
      return undefined;
  }
}
