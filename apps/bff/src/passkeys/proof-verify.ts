/**
 * A signed decision's proof checked with nothing but itself and the request's bytes (issue 61,
 * ADR 037): what `pnpm cli audit:verify-approval` runs, and what a third party can run without
 * the console. Each check is reported; the proof holds only when every one passes.
 *
 * 1. The statement is canonical JSON, of this entry.
 * 2. The body hashes to the statement's `body_sha256` (the sent bytes, when given), and so does
 *    the body hash the journal chained (when given).
 * 3. The client data is a WebAuthn assertion over SHA-256 of the statement, from the origin.
 * 4. The authenticator data is for the RP ID, with the user present and verified.
 * 5. The signature over authenticatorData ‖ SHA-256(clientDataJSON) verifies with the public key.
 */
import { hash } from 'node:crypto';
import {
  DecisionProofSchema,
  parseStatement,
  type DecisionProof,
  type DecisionStatement,
} from '@console/schemas';
import {
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
  verifySignature,
} from '@simplewebauthn/server/helpers';
import { challengeOf } from './decision-signature';

export interface ProofCheck {
  check: string;
  ok: boolean;
  detail: string;
}

export interface ProofReport {
  ok: boolean;
  statement: DecisionStatement | undefined;
  checks: ProofCheck[];
}

const sha256Hex = (bytes: string | Uint8Array) => hash('sha256', bytes, 'hex');

export async function verifyProof(
  input: unknown,
  facts: {
    entryId?: string | undefined;
    /** The request's body as sent (UTF-8 text). */
    body?: string | undefined;
    /** The body hash the journal's chain recorded for the entry. */
    chainedBodySha256?: string | undefined;
  } = {},
): Promise<ProofReport> {
  const checks: ProofCheck[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ check, ok, detail });
  const parsed = DecisionProofSchema.safeParse(input);
  if (!parsed.success) {
    add('proof', false, 'not a decision proof: members missing or unknown');
    return { ok: false, statement: undefined, checks };
  }
  const proof: DecisionProof = parsed.data;
  let statement: DecisionStatement | undefined;
  try {
    statement = parseStatement(proof.statement);
    add('statement', true, 'canonical JSON of a decision');
  } catch (error) {
    add('statement', false, `not a canonical statement: ${(error as Error).message}`);
  }
  if (statement && facts.entryId !== undefined) {
    add('entry', statement.entry_id === facts.entryId, `the statement names ${statement.entry_id}`);
  }
  if (statement && facts.body !== undefined) {
    const got = sha256Hex(facts.body);
    add('body', got === statement.body_sha256, `the body hashes to ${got}`);
  }
  if (statement && facts.chainedBodySha256 !== undefined) {
    add(
      'chained body',
      facts.chainedBodySha256 === statement.body_sha256,
      `the journal's chain recorded ${facts.chainedBodySha256}`,
    );
  }
  try {
    const clientData = decodeClientDataJSON(proof.client_data_json);
    add('type', clientData.type === 'webauthn.get', `client data of ${clientData.type}`);
    add(
      'challenge',
      clientData.challenge === challengeOf(proof.statement),
      'the challenge is SHA-256 of the statement',
    );
    add('origin', clientData.origin === proof.origin, `signed at ${clientData.origin}`);
  } catch {
    add('client data', false, 'clientDataJSON cannot be read');
  }
  let authData: Uint8Array<ArrayBuffer> | undefined;
  try {
    authData = isoBase64URL.toBuffer(proof.authenticator_data);
    const parsedData = parseAuthenticatorData(authData);
    const rpIdHash = Buffer.from(parsedData.rpIdHash).toString('hex');
    add('RP ID', rpIdHash === sha256Hex(proof.rp_id), `authenticator data for ${proof.rp_id}`);
    add(
      'user verified',
      parsedData.flags.up && parsedData.flags.uv,
      'the authenticator saw the user and verified them',
    );
  } catch {
    add('authenticator data', false, 'authenticatorData cannot be read');
  }
  if (authData) {
    const clientDataHash = hash('sha256', isoBase64URL.toBuffer(proof.client_data_json), 'buffer');
    let signed: boolean;
    try {
      signed = await verifySignature({
        signature: isoBase64URL.toBuffer(proof.signature),
        data: new Uint8Array(Buffer.concat([authData, clientDataHash])),
        credentialPublicKey: isoBase64URL.toBuffer(proof.public_key),
      });
    } catch {
      // A signature that is not even DER, or a key that is not COSE: no signature at all.
      signed = false;
    }
    add('signature', signed, `by passkey “${proof.passkey_name}” (${proof.credential_id})`);
  }
  return { ok: checks.every((c) => c.ok), statement, checks };
}
