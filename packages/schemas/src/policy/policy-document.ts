import { z } from 'zod';
import { DESTINATION_KINDS } from '../destinations-api';
import { DECIMAL_PATTERN } from '../primitives/decimal';
import { ASSET_CODE_PATTERN, UUID_PATTERN } from '../primitives/identifier';
import { ROLES, type ApproverRole } from '../primitives/roles';
import { WRITE_OPERATION_IDS } from '../registry';

/*
 * The approval policy as data (issue 38), format 2: an ordered list of rules, first match wins,
 * and a default that holds. The BFF keeps versions of this document and decides every send with
 * `decidePolicy`; the browser validates it with the same schema as the operator types.
 */

/** The roles that may approve: a viewer or an auditor never approves. */
export const APPROVER_ROLES = [
  'admin',
  'finance',
  'support',
] as const satisfies readonly ApproverRole[];

/** The longest a held send may wait for its approvers: 30 days. */
export const MAX_WAIT_HOURS_LIMIT = 24 * 30;

const listed = (items: string) => `must be "any" or a non-empty list of ${items}`;

/**
 * `'any'`, or a non-empty list of `item`. A bad item is reported as the item's own message with
 * its position, not as zod's "invalid input" for the union.
 */
function anyOrList<T extends z.ZodType>(item: T, items: string, label: string) {
  return z
    .union([z.literal('any'), z.array(item).min(1, { error: `${label} ${listed(items)}` })], {
      error: (issue) => {
        if (!Array.isArray(issue.input) || issue.code !== 'invalid_union') {
          return `${label} ${listed(items)}`;
        }
        const inner = issue.errors.flat().find((i) => i.path.length > 0);
        return inner ? `${label}, item ${Number(inner.path[0]) + 1}: ${inner.message}` : undefined;
      },
    })
    .meta({ label });
}

const decimal = (label: string) =>
  z
    .string({ error: `${label} must be a decimal written as text, such as "10000"` })
    .regex(DECIMAL_PATTERN, {
      error: `${label} must be a plain decimal such as "10000": digits and at most one dot, no sign, exponent, spaces or thousands separators`,
    })
    .meta({ label, kind: 'decimal' });

const maxWaitHours = (label: string) =>
  z
    .number({ error: `${label} must be a number of hours` })
    .positive({ error: `${label} must be more than 0` })
    .max(MAX_WAIT_HOURS_LIMIT, {
      error: `${label} can be at most ${MAX_WAIT_HOURS_LIMIT} (30 days)`,
    })
    .meta({ label });

const approverRole = z.enum(APPROVER_ROLES, {
  error: 'must be admin, finance or support (a viewer or an auditor never approves)',
});

const approverRoles = (label: string) =>
  z
    .array(approverRole, { error: `${label} must be a list of roles` })
    .min(1, { error: `${label} must name at least one role` })
    .meta({ label });

const approverCount = z
  .union([z.literal(1), z.literal(2)], { error: 'Approvers must be 1 or 2' })
  .meta({ label: 'Approvers' });

/** A rule's id: what diffs and the editor follow it by, so it stays when the rule changes. */
export const PolicyRuleIdSchema = z
  .string({ error: 'Rule id must be text' })
  .min(1, { error: 'Rule id is required' })
  .max(40, { error: 'Rule id can have at most 40 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
    error:
      'Rule id must be letters, digits, dots, dashes or underscores, starting with a letter or digit',
  })
  .meta({ label: 'Rule id' });

/**
 * An amount band, compared as decimals: it matches when `amount > above` (if given) and
 * `amount <= up_to` (if given).
 */
export const AmountBandSchema = z
  .strictObject(
    { above: decimal('Above').optional(), up_to: decimal('Up to').optional() },
    { error: 'Amount must be a band such as { "above": "10000" }' },
  )
  .refine((band) => band.above !== undefined || band.up_to !== undefined, {
    error: 'Amount needs "above", "up_to" or both',
  })
  .meta({ label: 'Amount' });
export type AmountBand = z.infer<typeof AmountBandSchema>;

/**
 * Where a send goes: anywhere (also sends that name no destination), an ACTIVE entry of the book
 * of allowed destinations, anywhere else, a kind of destination, or one entry of the book.
 * Anything but `any` matches only sends that name a destination.
 */
export const DestinationConditionSchema = z
  .union(
    [
      z.enum(['any', 'book', 'not-book']),
      z.strictObject({ kind: z.enum(DESTINATION_KINDS) }),
      z.strictObject({
        entry: z.string().regex(UUID_PATTERN, {
          error: 'Destination entry must be the id (a UUID) of an entry of the book',
        }),
      }),
    ],
    {
      error:
        'Destination must be "any", "book", "not-book", { "kind": <a kind of destination> } or { "entry": <the id of a book entry> }',
    },
  )
  .meta({ label: 'Destination' });
export type DestinationCondition = z.infer<typeof DestinationConditionSchema>;

const reason = z
  .string({ error: 'Reason must be text' })
  .trim()
  .min(1, { error: 'Reason cannot be empty: say why the send is refused' })
  .max(500, { error: 'Reason can have at most 500 characters' })
  .meta({ label: 'Reason' });

export const SendActionSchema = z.strictObject({ kind: z.literal('send') });
/**
 * True: each approval or rejection of a send it holds is signed with the approver's passkey over
 * the request's exact bytes (issue 61, ADR 037); a decision without one is refused.
 */
const passkey = z.boolean({ error: 'Passkey must be true or false' }).meta({ label: 'Passkey' });

export const HoldActionSchema = z.strictObject({
  kind: z.literal('hold'),
  approvers: approverCount,
  roles: approverRoles('Approver roles'),
  max_wait_hours: maxWaitHours('Wait at most (hours)').optional(),
  passkey: passkey.optional(),
});
export const EscalateActionSchema = z
  .strictObject({
    kind: z.literal('escalate'),
    approvers: approverCount,
    roles: approverRoles('Approver roles'),
    /** One of the approvers must hold one of these. */
    escalate_to: approverRoles('Escalate to'),
    max_wait_hours: maxWaitHours('Wait at most (hours)').optional(),
    passkey: passkey.optional(),
  })
  .refine((action) => action.escalate_to.every((role) => action.roles.includes(role)), {
    // Otherwise no approver could hold one of them, and the send could never be approved.
    path: ['escalate_to'],
    error: 'Escalate to must name roles among the approver roles: one of the approvers holds it',
  });
export const RefuseActionSchema = z.strictObject({ kind: z.literal('refuse'), reason });

/** What a rule says of the sends it matches. */
export const PolicyActionSchema = z
  .discriminatedUnion(
    'kind',
    [SendActionSchema, HoldActionSchema, EscalateActionSchema, RefuseActionSchema],
    {
      error: 'Action must be send, hold, escalate or refuse',
    },
  )
  .meta({ label: 'Action' });
export type PolicyAction = z.infer<typeof PolicyActionSchema>;
export type HoldAction = z.infer<typeof HoldActionSchema>;

export const PolicyRuleSchema = z
  .strictObject({
    id: PolicyRuleIdSchema,
    operations: anyOrList(
      z.enum(WRITE_OPERATION_IDS, { error: 'is not a write operation of the console' }),
      'write operations',
      'Operations',
    ),
    /** For an order: its quote currency, since orders compare their notional. */
    assets: anyOrList(
      z.string().regex(ASSET_CODE_PATTERN, { error: 'Asset must be an asset code such as USD' }),
      'asset codes',
      'Assets',
    ),
    amount: AmountBandSchema.optional(),
    destination: DestinationConditionSchema.default('any'),
    initiator_roles: anyOrList(
      z.enum(ROLES, { error: 'is not a role' }),
      'roles',
      'Initiator roles',
    ).default('any'),
    action: PolicyActionSchema,
  })
  .superRefine((rule, ctx) => {
    if (rule.amount && rule.assets === 'any') {
      ctx.addIssue({
        code: 'custom',
        path: ['assets'],
        message: 'An amount band needs named assets: an amount of "any asset" means nothing',
      });
    }
  });
export type PolicyRule = z.infer<typeof PolicyRuleSchema>;

/** The default: it must hold, so that the engine never lets a send through because nothing matched. */
export const DefaultRuleSchema = HoldActionSchema.extend({
  kind: z.literal('hold', {
    error:
      'When no rule matches, the send must be held (kind "hold"): nothing goes out because no rule matched',
  }),
}).meta({ label: 'When no rule matches' });

/** A new entry of the book's cooling-off, in hours, when the policy says nothing of its kind. */
export const DEFAULT_COOLING_OFF_HOURS = 24;

/**
 * The margin a market order's estimated notional is raised by before a threshold compares it, in
 * per cent, when the policy says nothing: the price moves between the decision and the fill.
 */
export const DEFAULT_MARKET_ORDER_MARGIN_PERCENT = '2';

/** A new passkey's cooling-off, in hours, when the policy says nothing (issue 61). */
export const DEFAULT_PASSKEY_COOLING_OFF_HOURS = 24;

/**
 * Passkeys (issue 61): how long a new one cools off before it signs anything (unless another
 * admin confirms it), and whether the console's own actions (a policy version, an entry of the
 * book of allowed destinations) are decided with one.
 */
export const PasskeySettingsSchema = z
  .strictObject({
    cooling_off_hours: z
      .number({ error: 'Passkey cooling-off must be a number of hours' })
      .min(0, { error: 'Passkey cooling-off cannot be negative' })
      .max(24 * 30, { error: 'Passkey cooling-off can be at most 720 hours (30 days)' })
      .optional(),
    console_actions: passkey.optional(),
  })
  .meta({ label: 'Passkeys' });
export type PasskeySettings = z.infer<typeof PasskeySettingsSchema>;

/** The policy document as written, without the checks across its rules (see {@link PolicyDocumentV2Schema}). */
export const PolicyDocumentV2Shape = z.strictObject({
  format: z.literal(2, { error: 'Format must be 2' }),
  max_wait_hours: maxWaitHours('Wait at most (hours)').default(24),
  /**
   * A market order has no notional before it fills: a threshold compares its size at the price
   * read at decision time, raised by this many per cent. A default, so that versions written
   * before it stay valid.
   */
  market_order_margin_percent: decimal('Market order margin (%)').default(
    DEFAULT_MARKET_ORDER_MARGIN_PERCENT,
  ),
  rules: z.array(PolicyRuleSchema, { error: 'Rules must be a list' }).meta({ label: 'Rules' }),
  default_rule: DefaultRuleSchema,
  /** The limits per operator and role, validated by the BFF. */
  limits: z.array(z.unknown()).default([]),
  /** The book of allowed destinations' settings, validated by the BFF. */
  destination_book: z.record(z.string(), z.unknown()).optional(),
  passkeys: PasskeySettingsSchema.optional(),
});

/**
 * The policy document of format 2: its shape, and rule ids unique in it. (`PolicyDocumentSchema`
 * of `policy-api.ts` is the stored document as an opaque object, today's file format.)
 */
export const PolicyDocumentV2Schema = PolicyDocumentV2Shape.superRefine((document, ctx) => {
  const seen = new Set<string>();
  document.rules.forEach((rule, index) => {
    if (seen.has(rule.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rules', index, 'id'],
        message: `Rule id ${rule.id} is used by an earlier rule: each rule needs its own id`,
      });
    }
    seen.add(rule.id);
  });
});
export type PolicyDocumentV2 = z.output<typeof PolicyDocumentV2Shape>;
export type PolicyDocumentV2Input = z.input<typeof PolicyDocumentV2Shape>;
