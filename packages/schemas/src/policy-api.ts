import { z } from 'zod';
import { JournalEntrySchema } from './console-api';
import { MarketEstimateSchema } from './policy/policy-decision';
import { PolicyDocumentV2Shape } from './policy/policy-document';
import { text, uuid } from './primitives/identifier';

/*
 * The approval policy as data (issue 38): versions in the BFF's database, each a whole policy
 * document; a new one is proposed by an admin as a console action, and comes into force when
 * another admin approves the exact proposal. These schemas are its API.
 */

/** Where a version came from: the built-in policy, `CONSOLE_POLICY_FILE`, or the console. */
export const POLICY_SOURCES = ['built-in', 'file', 'console'] as const;

/**
 * A policy document: the object `CONSOLE_POLICY_FILE` holds (`max_wait_hours`, `operations`,
 * `limits`, `destination_book`). The BFF checks what each member says (its problems name the
 * member); here it must be a JSON object.
 */
export const PolicyDocumentSchema = z.record(z.string(), z.unknown(), {
  error: 'The policy must be a JSON object',
});

/** `POST /api/policy/versions`: a new version, proposed by an admin for another's approval. */
export const ProposePolicySchema = z.strictObject({
  document: PolicyDocumentSchema,
  /** The version in force the proposal was written against: approving it over another is refused. */
  based_on: z.number().int().positive(),
  /** Why, for the approver and the record. */
  reason: text('Reason', 500),
});
export type ProposePolicy = z.infer<typeof ProposePolicySchema>;

/** The proposal as journaled: with the id the BFF gave it, bound by the approval. */
export const ProposePolicyVersionSchema = ProposePolicySchema.extend({ id: uuid('Id') });
export type ProposePolicyVersion = z.infer<typeof ProposePolicyVersionSchema>;

/** A version that came into force. */
export const PolicyVersionSchema = z.strictObject({
  version: z.number().int().positive(),
  document: PolicyDocumentSchema,
  document_sha256: z.string(),
  based_on: z.number().int().nullable(),
  source: z.enum(POLICY_SOURCES),
  reason: z.string(),
  proposed_by: z.string(),
  proposed_by_name: z.string(),
  proposed_at: z.string(),
  /** The proposal's journal entry (null for a version seeded at start). */
  proposal_id: z.string().nullable(),
  /** Who approved it, in the order they did (empty for a seeded version). */
  approved_by: z.array(z.string()),
  effective_at: z.string(),
  superseded_at: z.string().nullable(),
  /** What it says as rules, first match wins (format 2, with the same meaning): for reading. */
  rules: PolicyDocumentV2Shape,
});
export type PolicyVersion = z.infer<typeof PolicyVersionSchema>;

/** `GET /api/policy`: the version in force, the ones before it, and the proposals that wait. */
export const PolicyOverviewSchema = z.strictObject({
  /**
   * For a reader who may propose: why nobody could approve a proposal of theirs as things stand
   * (no other admin), else null; said on opening the editor, before any draft is written.
   */
  proposal_stalled: z.string().nullable(),
  in_force: PolicyVersionSchema,
  /** Every version, newest first. */
  versions: z.array(PolicyVersionSchema),
  /**
   * Proposals awaiting approval, newest first: each journal entry, and what its document says as
   * rules (null when the policy cannot take it any more, as the approval would then say).
   */
  proposals: z.array(
    z.strictObject({
      entry: JournalEntrySchema,
      rules: PolicyDocumentV2Shape.nullable(),
      /**
       * What it lets through with fewer approvals than the version in force, in words
       * (`policyLoosenings`): shown as a warning where it is approved. Empty when nothing.
       */
      loosens: z.array(z.string()),
    }),
  ),
});
export type PolicyOverview = z.infer<typeof PolicyOverviewSchema>;

/** An RFC 3339 moment of a dry run's period. */
const moment = (label: string) =>
  z
    .string({ error: `${label} must be a date and time such as 2026-11-01T00:00:00Z` })
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `${label} must be a date and time such as 2026-11-01T00:00:00Z`,
    });

/**
 * `POST /api/policy/dry-run`: a draft policy replayed over the journal of a period, changing
 * nothing. The draft is a document of either format: today's file format (`operations`, …) or
 * format 2 (`format: 2`, `rules`, `default_rule`); the BFF checks it and names each problem as
 * `draft.<member>`. The period is `from` (inclusive) to `to` (exclusive), by default the 30 days
 * before now.
 */
export const PolicyDryRunRequestSchema = z
  .strictObject({
    draft: PolicyDocumentSchema,
    from: moment('From').optional(),
    to: moment('To').optional(),
  })
  .refine((body) => !body.from || !body.to || Date.parse(body.from) < Date.parse(body.to), {
    path: ['to'],
    error: 'To must come after From',
  });
export type PolicyDryRunRequest = z.infer<typeof PolicyDryRunRequestSchema>;

/** Where a market order's estimate took its price: when it was decided, or now. */
export const DRY_RUN_PRICE_READS = ['when_decided', 'now'] as const;

/** What a policy does with a send. */
export const DRY_RUN_OUTCOMES = ['send', 'hold', 'escalate', 'refuse'] as const;

/** How many sends of the period each outcome took. */
export const DryRunCountsSchema = z.strictObject({
  send: z.number().int().nonnegative(),
  hold: z.number().int().nonnegative(),
  escalate: z.number().int().nonnegative(),
  refuse: z.number().int().nonnegative(),
});
export type DryRunCounts = z.infer<typeof DryRunCountsSchema>;

/**
 * The approvals a policy would have asked, per set of roles: each held or escalated send adds its
 * number of approvers to the set of roles it names, once (a hold of 2 from finance or admin adds
 * 2 to `["admin", "finance"]`, nothing to `["admin"]` or `["finance"]` alone, since either role
 * may give them). Roles sorted; sets with most approvals first.
 */
export const DryRunApprovalsSchema = z.array(
  z.strictObject({
    roles: z.array(z.string()),
    approvals: z.number().int().nonnegative(),
  }),
);

/** What one policy did with one send: its outcome, and the rule that decided it. */
export const DryRunDecisionSchema = z.strictObject({
  outcome: z.enum(DRY_RUN_OUTCOMES),
  /** For a hold or an escalation: how many approvers, from which roles (and one of `escalate_to`). */
  approvers: z.number().int().optional(),
  roles: z.array(z.string()).optional(),
  escalate_to: z.array(z.string()).optional(),
  /** The rule's id (`default` when none matched) and the rule in words. */
  rule: z.string(),
  rule_words: z.string(),
  /**
   * For a market order of unknown size that was priced: the estimate this policy's thresholds
   * compared, its notional raised by this policy's own margin.
   */
  estimate: MarketEstimateSchema.optional(),
});
export type DryRunDecision = z.infer<typeof DryRunDecisionSchema>;

/** A send whose outcome the draft changes. */
export const DryRunChangeSchema = z.strictObject({
  journal_id: z.string(),
  operation: z.string(),
  created_at: z.string(),
  operator: z.string(),
  /**
   * The asset and amount the policy compared ('' and null when the send carries none). Null too
   * for a market order of unknown size: what each policy compared instead is its `estimate`.
   */
  asset: z.string(),
  amount: z.string().nullable(),
  /**
   * For a market order of unknown size that was priced: where its estimate's price came from,
   * the one its held request recorded when it was decided, or the market's now
   * (`market_orders.prices`).
   */
  price_read: z.enum(DRY_RUN_PRICE_READS).optional(),
  /** Under the version then in force (`version`), and under the draft. */
  then: DryRunDecisionSchema.extend({ version: z.number().int() }),
  draft: DryRunDecisionSchema,
});
export type DryRunChange = z.infer<typeof DryRunChangeSchema>;

/**
 * The market orders of unknown size the dry run read (a market sell by its base amount has no
 * notional before it fills). Each was judged, as the send path judges one, at an estimate: its
 * base amount at a price, raised by the margin of the document deciding (the draft's for the
 * draft, the version's for then). The price is the one its held request recorded when it was
 * decided, else the market's now, read once per market; with none, its amount stayed unknown and
 * any threshold held it.
 */
export const DryRunMarketOrdersSchema = z.strictObject({
  priced_when_decided: z.number().int().nonnegative(),
  priced_now: z.number().int().nonnegative(),
  unpriced: z.number().int().nonnegative(),
  /** The prices read now, one per market, in its quote asset, with when each was read. */
  prices: z.array(
    z.strictObject({
      market: z.string(),
      price: z.string(),
      asset: z.string(),
      read_at: z.string(),
    }),
  ),
});
export type DryRunMarketOrders = z.infer<typeof DryRunMarketOrdersSchema>;

/**
 * The answer of a dry run. Every send the registry journaled in the period is read, in any state
 * (a refused or held send was a decision too); console actions are not sends. Each is decided
 * under the version then in force (its `policy_version`, else the version in force at its
 * `created_at`, else the first) and under the draft, from the facts its stored body gives. Two
 * facts are today's, not the send's: whether its destination is ACTIVE in the book (the book's
 * past is not replayed, `book_read_at`), and its initiator's role (from the operators as they
 * are now; an operator no longer known counts as a viewer, `unknown_initiators`). A market order
 * of unknown size is judged at an estimate (`market_orders`), as the send path judges it.
 * An outcome changes when its kind, number of approvers, roles or escalation roles differ.
 */
export const PolicyDryRunSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** The sends read. */
  entries: z.number().int().nonnegative(),
  /** The versions that decided them then, ascending. */
  versions: z.array(z.number().int()),
  then: DryRunCountsSchema,
  draft: DryRunCountsSchema,
  approvals: z.strictObject({ then: DryRunApprovalsSchema, draft: DryRunApprovalsSchema }),
  /** The sends whose outcome changes, in journal order, at most 500; `total` counts them all. */
  changed: z.strictObject({
    total: z.number().int().nonnegative(),
    items: z.array(DryRunChangeSchema),
  }),
  /** The sends whose initiator is no longer an operator: decided as a viewer's. */
  unknown_initiators: z.number().int().nonnegative(),
  /** When the book of allowed destinations was read: its state then decided every send. */
  book_read_at: z.string(),
  /** The market orders of unknown size, and the estimates they were judged at. */
  market_orders: DryRunMarketOrdersSchema,
});
export type PolicyDryRun = z.infer<typeof PolicyDryRunSchema>;
