import { z } from 'zod';
import { JournalEntrySchema } from './console-api';
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
  in_force: PolicyVersionSchema,
  /** Every version, newest first. */
  versions: z.array(PolicyVersionSchema),
  /**
   * Proposals awaiting approval, newest first: each journal entry, and what its document says as
   * rules (null when the policy cannot take it any more, as the approval would then say).
   */
  proposals: z.array(
    z.strictObject({ entry: JournalEntrySchema, rules: PolicyDocumentV2Shape.nullable() }),
  ),
});
export type PolicyOverview = z.infer<typeof PolicyOverviewSchema>;
