import { z } from 'zod';
import { JournalEntrySchema } from './console-api';
import { CryptoNetworkSchema } from './primitives/transfer-enums';
import { identifier, text, uuid } from './primitives/identifier';
import type { ApprovalDefault } from './operations/operation-meta';
import { isWriteOperationId, operations } from './registry';

/*
 * The book of allowed destinations (issue 37) as the browser sees it: where money may go once
 * a second operator approved the entry and its cooling-off has passed. The BFF keeps the book
 * and enforces it on every send path; these schemas are its API.
 */

/** What an entry of the book names: a crypto address on a network, a fiat account, a profile. */
export const DESTINATION_KINDS = [
  'crypto-address',
  'fiat-account',
  /** Another svc customer's profile, for svc transfers. */
  'counterparty-profile',
  /** One of our own profiles, for internal transfers and orchestrations. */
  'own-profile',
] as const;
export const DestinationKindSchema = z.enum(DESTINATION_KINDS);
export type DestinationKind = z.infer<typeof DestinationKindSchema>;

/**
 * Where an entry stands: awaiting its second operator, cooling off until `usable_from`, usable,
 * or revoked (by an admin, at once, from any state).
 */
export const DESTINATION_STATES = ['PENDING_APPROVAL', 'COOLING_OFF', 'ACTIVE', 'REVOKED'] as const;
export const DestinationStateSchema = z.enum(DESTINATION_STATES);
export type DestinationState = z.infer<typeof DestinationStateSchema>;

/** A destination: its kind and the fields that name it, compared exactly as written. */
export const DestinationTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('crypto-address'),
    network: CryptoNetworkSchema,
    address: identifier('Address'),
  }),
  z.strictObject({
    kind: z.literal('fiat-account'),
    fiat_account_id: identifier('Fiat account id'),
  }),
  z.strictObject({ kind: z.literal('counterparty-profile'), profile_id: identifier('Profile id') }),
  z.strictObject({ kind: z.literal('own-profile'), profile_id: identifier('Profile id') }),
]);
export type DestinationTarget = z.infer<typeof DestinationTargetSchema>;

/** `POST /api/destinations`: a new entry, to be approved by another operator. */
export const ProposeDestinationSchema = z.strictObject({
  target: DestinationTargetSchema,
  /** What operators call it in the pickers ("Acme payroll wallet"). */
  name: text('Name', 100),
  /** Why money should be able to go there, for the approver and the record. */
  reason: text('Reason', 500),
});
export type ProposeDestination = z.infer<typeof ProposeDestinationSchema>;

/** The proposal as journaled: with the id the BFF gave the entry, bound by the approval. */
export const AddAllowedDestinationSchema = ProposeDestinationSchema.extend({ id: uuid('Id') });
export type AddAllowedDestination = z.infer<typeof AddAllowedDestinationSchema>;

/** `POST /api/destinations/{id}/revoke`. */
export const RevokeDestinationSchema = z.strictObject({ reason: text('Reason', 500) });
export type RevokeDestination = z.infer<typeof RevokeDestinationSchema>;

/** The revocation as journaled: the entry's id and the reason. */
export const RevokeAllowedDestinationSchema = RevokeDestinationSchema.extend({ id: uuid('Id') });
export type RevokeAllowedDestination = z.infer<typeof RevokeAllowedDestinationSchema>;

/** One entry of the book. */
export const AllowedDestinationSchema = z.object({
  id: z.string(),
  target: DestinationTargetSchema,
  name: z.string(),
  reason: z.string(),
  state: DestinationStateSchema,
  /**
   * From when money may go there (RFC 3339): the end of its cooling-off. Null while it awaits
   * approval, and for an entry revoked before it was approved.
   */
  usable_from: z.string().nullable(),
  /** Who proposed it, and when. */
  added_by: z.string(),
  added_by_name: z.string(),
  proposed_at: z.string(),
  /** The journal entry of the proposal (its approval page has the same id). */
  proposal_id: z.string(),
  /** Who approved it (usernames), and when that last approval put it in the book. */
  approved_by: z.array(z.string()),
  approved_at: z.string().nullable(),
  revoked: z
    .object({ at: z.string(), by: z.string(), by_name: z.string(), reason: z.string() })
    .nullable(),
  /**
   * Whether a send to it SUCCEEDED before (the journal's word): false for a first send, which
   * the form suggests testing with a small amount. In the book's list; absent elsewhere.
   */
  sent_before: z.boolean().optional(),
});
export type AllowedDestination = z.infer<typeof AllowedDestinationSchema>;

/** `GET /api/destinations`: usable entries first, then cooling off, awaiting approval, revoked. */
export const DestinationBookSchema = z.object({ items: z.array(AllowedDestinationSchema) });
export type DestinationBook = z.infer<typeof DestinationBookSchema>;

/** Query of `GET /api/destinations`. */
export const DestinationBookQuerySchema = z.object({
  kind: DestinationKindSchema.optional(),
  state: DestinationStateSchema.optional(),
});
export type DestinationBookQuery = z.infer<typeof DestinationBookQuerySchema>;

/** Query of `GET /api/destinations/rule`: a write with a destination, and the asset sent there. */
export const DestinationRuleQuerySchema = z.object({
  operation: z.string().min(1),
  /** Without it: the operation's rule for any asset it may send. */
  asset: z.string().optional(),
});
export type DestinationRuleQuery = z.infer<typeof DestinationRuleQuerySchema>;

/**
 * `GET /api/destinations/rule`: what the policy says of a form's destination before it is sent,
 * for its pickers. `required` when money may go only to an ACTIVE entry (without an asset: for
 * some asset); `test_amount` is the small amount suggested for a first send of the asset.
 */
export const DestinationRuleSchema = z.object({
  required: z.boolean(),
  test_amount: z.string().nullable(),
});
export type DestinationRule = z.infer<typeof DestinationRuleSchema>;

/** Answer of a revocation: the entry, now REVOKED, and the journal entry that records it. */
export const DestinationRevokedSchema = z.object({
  destination: AllowedDestinationSchema,
  journal: JournalEntrySchema,
});
export type DestinationRevoked = z.infer<typeof DestinationRevokedSchema>;

/**
 * What the book says of a send's destination: whether the policy asks for the book for this
 * operation and asset, the entry's state (`NOT_IN_BOOK` when there is none), and whether money
 * may go there now. In a send's preview, and in the problem that refuses a send.
 */
export const DestinationCheckSchema = z.object({
  target: DestinationTargetSchema,
  required: z.boolean(),
  state: z.enum([...DESTINATION_STATES, 'NOT_IN_BOOK']),
  entry_id: z.string().nullable(),
  name: z.string().nullable(),
  usable_from: z.string().nullable(),
  allowed: z.boolean(),
});
export type DestinationCheck = z.infer<typeof DestinationCheckSchema>;

/** The text that identifies a destination in the book: its kind and fields, exactly as written. */
export function destinationKey(target: DestinationTarget): string {
  switch (target.kind) {
    case 'crypto-address':
      return `crypto-address:${target.network}:${target.address}`;
    case 'fiat-account':
      return `fiat-account:${target.fiat_account_id}`;
    case 'counterparty-profile':
    case 'own-profile':
      return `${target.kind}:${target.profile_id}`;
  }
}

/** A destination in words, for messages: "crypto address bc1q… on BITCOIN". */
/** The id a target stands for in a request: the profile, the fiat account, the address. */
export function destinationTargetId(target: DestinationTarget): string {
  switch (target.kind) {
    case 'crypto-address':
      return target.address;
    case 'fiat-account':
      return target.fiat_account_id;
    default:
      return target.profile_id;
  }
}

export function describeDestination(target: DestinationTarget): string {
  switch (target.kind) {
    case 'crypto-address':
      return `crypto address ${target.address} on ${target.network}`;
    case 'fiat-account':
      return `fiat account ${target.fiat_account_id}`;
    case 'counterparty-profile':
      return `counterparty profile ${target.profile_id}`;
    case 'own-profile':
      return `own profile ${target.profile_id}`;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The target an orchestration rail names: crypto address, fiat account or own profile. */
function railTarget(rail: unknown): DestinationTarget | undefined {
  if (!isObject(rail)) return undefined;
  const parsed = DestinationTargetSchema.safeParse(
    isObject(rail.crypto)
      ? { kind: 'crypto-address', network: rail.crypto.network, address: rail.crypto.address }
      : isObject(rail.fiat)
        ? { kind: 'fiat-account', fiat_account_id: rail.fiat.fiat_account_id }
        : isObject(rail.profile)
          ? { kind: 'own-profile', profile_id: rail.profile.profile_id }
          : undefined,
  );
  return parsed.success ? parsed.data : undefined;
}

/**
 * Where a write's money goes, from its validated body and the registry's `approval.destination`:
 * the target and the asset that arrives there. Undefined for an operation without a destination,
 * and for a body that names none (a rule without a destination).
 *
 * @example
 * destinationOf('createSvcTransfer', { to_profile_id: 'p-2', asset: 'USD', amount: '5' });
 * // { target: { kind: 'counterparty-profile', profile_id: 'p-2' }, asset: 'USD' }
 */
export function destinationOf(
  operation: string,
  body: Record<string, unknown>,
): { target: DestinationTarget; asset: string | undefined } | undefined {
  if (!isWriteOperationId(operation)) return undefined;
  const approval: ApprovalDefault = operations[operation].approval;
  const field = approval.destination;
  if (!field) return undefined;
  const value = body[field.field];
  let target: DestinationTarget | undefined;
  if (field.holds === 'rail') target = railTarget(value);
  else if (textOf(value)) target = { kind: field.holds, profile_id: textOf(value)! };
  return target && { target, asset: textOf(body[field.asset]) };
}
