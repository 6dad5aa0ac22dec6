import { z } from 'zod';
import { canonicalJson } from './canonical-json';

/*
 * Passkeys (issue 61, ADR 037): an operator's WebAuthn credentials, and the statement of a
 * decision that one signs. The statement's canonical form is written here once, so that the
 * BFF that issues it, the browser that shows it and the CLI that verifies it agree by
 * construction.
 */

/** `pending`: registered, approves nothing until its cooling-off passes or another admin confirms. */
export const PASSKEY_STATES = ['pending', 'active', 'revoked'] as const;
export const PasskeyStateSchema = z.enum(PASSKEY_STATES);
export type PasskeyState = z.infer<typeof PasskeyStateSchema>;

/** One passkey as its owner (or an admin) sees it: never its key's secret, which no one holds. */
export const PasskeySchema = z.object({
  /** The console's id of it (a UUID). */
  id: z.string(),
  /** The credential id (base64url), as the authenticator chose it. */
  credential_id: z.string(),
  username: z.string(),
  name: z.string(),
  /** `pending` turns `active` at `usable_from` by time alone; shown as it is now. */
  state: PasskeyStateSchema,
  created_at: z.string(),
  usable_from: z.string(),
  last_used_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** A passkey's name: 1 to 60 characters, trimmed. */
export const PasskeyNameSchema = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, { error: 'Give the passkey a name' })
  .max(60, { error: 'A passkey name can have at most 60 characters' });

export const RenamePasskeySchema = z.object({ name: PasskeyNameSchema });

/**
 * `POST /api/passkeys/register/verify`: the name and the browser's `RegistrationResponseJSON`
 * (checked by the BFF with @simplewebauthn/server; only its shape here).
 */
export const RegisterPasskeySchema = z.object({
  name: PasskeyNameSchema,
  response: z.looseObject({ id: z.string(), rawId: z.string(), type: z.string() }),
});

/** The browser's `AuthenticationResponseJSON`, as a decision's body carries it. */
export const PasskeyAssertionSchema = z.looseObject({
  id: z.string(),
  rawId: z.string(),
  type: z.literal('public-key'),
  response: z.looseObject({
    authenticatorData: z.string(),
    clientDataJSON: z.string(),
    signature: z.string(),
  }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertionSchema>;

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];

/** `POST /api/approvals/{id}/challenge`: which decision the operator is about to sign. */
export const DecisionChallengeRequestSchema = z.object({ decision: z.enum(DECISIONS) });

/**
 * The statement of one decision: what the approver's passkey signs (its SHA-256 is the WebAuthn
 * challenge). `path` and `body_sha256` are the held request's exact bytes as the console will
 * send them; `policy_version` is the version in force (null for a policy given as a file).
 */
export const DecisionStatementSchema = z.strictObject({
  entry_id: z.string(),
  method: z.string(),
  path: z.string(),
  body_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  decision: z.enum(DECISIONS),
  approver: z.string(),
  policy_version: z.number().int().nullable(),
  /** When the BFF issued it (UTC, ISO 8601 with milliseconds and `Z`). */
  at: z.string(),
  /**
   * 16 random bytes (base64url): two statements of one decision issued in one millisecond still
   * differ, so that a challenge once used is never issued again.
   */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});
export type DecisionStatement = z.infer<typeof DecisionStatementSchema>;

/** The statement's bytes: canonical JSON (sorted keys, no whitespace), as UTF-8. */
export const statementText = (statement: DecisionStatement): string =>
  canonicalJson(DecisionStatementSchema.parse(statement));

/** The statement back from its text; throws unless the text is exactly its canonical form. */
export function parseStatement(text: string): DecisionStatement {
  const statement = DecisionStatementSchema.parse(JSON.parse(text));
  if (statementText(statement) !== text) {
    throw new Error('The statement is not in its canonical form');
  }
  return statement;
}

/** The answer of `POST /api/approvals/{id}/challenge`: what to sign, and how. */
export const DecisionChallengeSchema = z.object({
  statement: z.string(),
  /** base64url of SHA-256 of the statement's UTF-8: the WebAuthn challenge. */
  challenge: z.string(),
  expires_at: z.string(),
  rp_id: z.string(),
  /** The approver's passkeys that may sign it now (`allowCredentials`). */
  credential_ids: z.array(z.string()),
});
export type DecisionChallenge = z.infer<typeof DecisionChallengeSchema>;

/**
 * A signed decision's proof, kept with its event, chained in the trail and exported: everything
 * a third party needs to check it offline (ADR 037). Binary members are base64url.
 */
export const DecisionProofSchema = z.strictObject({
  statement: z.string(),
  credential_id: z.string(),
  passkey_name: z.string(),
  /** The credential's COSE public key as registered. */
  public_key: z.string(),
  authenticator_data: z.string(),
  client_data_json: z.string(),
  signature: z.string(),
  rp_id: z.string(),
  origin: z.string(),
});
export type DecisionProof = z.infer<typeof DecisionProofSchema>;

/** The proof as stored and chained: canonical JSON too, so that it hashes the same everywhere. */
export const proofText = (proof: DecisionProof): string =>
  canonicalJson(DecisionProofSchema.parse(proof));

/** A signed decision as the approval page shows it. */
export const SignedDecisionSchema = z.object({
  decision: z.enum(DECISIONS),
  approver: z.string(),
  approver_name: z.string(),
  passkey_name: z.string(),
  at: z.string(),
  /** The proof as chained (canonical JSON), to copy. */
  proof: z.string(),
});
export type SignedDecision = z.infer<typeof SignedDecisionSchema>;
