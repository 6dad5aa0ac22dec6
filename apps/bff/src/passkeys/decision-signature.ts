/**
 * A decision signed with a passkey (issue 61, ADR 037). The BFF states the decision (the entry,
 * its method, path and body hash, approve or reject, the approver, the policy version, the time)
 * as canonical JSON, and issues SHA-256 of those bytes as the WebAuthn challenge, for one use
 * and two minutes. The decision's POST carries the assertion; it is checked here before anything
 * is counted, and its proof (statement, assertion, public key) is kept with the decision's event.
 */
import { hash, randomBytes } from 'node:crypto';
import {
  parseStatement,
  PasskeyAssertionSchema,
  proofText,
  statementText,
  type Decision,
  type DecisionChallenge,
  type JournalEntry,
  type Operator,
} from '@console/schemas';
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { ProblemError } from '../errors';
import type { ApprovalRequestRow } from '../approvals/approval-rows';
import type { PasskeyDeps } from './passkey-registration';
import type { StoredPasskey } from './passkey-store';

/** How long a decision's challenge may be answered. */
export const DECISION_CHALLENGE_MS = 2 * 60_000;

/** base64url of SHA-256 of the statement's UTF-8: the challenge its passkey signs. */
export const challengeOf = (statement: string) =>
  isoBase64URL.fromBuffer(hash('sha256', statement, 'buffer'));

const refused = (detail: string) =>
  new ProblemError({
    status: 422,
    code: 'passkey-refused',
    detail: `${detail} Nothing was counted.`,
  });

/** The passkeys of `username` that sign decisions at `now`: active, cooling-off over. */
export async function signingPasskeys(deps: PasskeyDeps, username: string) {
  return (await deps.passkeys.list(username)).filter((p) => p.state === 'active');
}

/** Issues the statement of `decision` on `entry` by `operator`, and its challenge. */
export async function issueDecisionChallenge(
  deps: PasskeyDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  operator: Operator,
  decision: Decision,
  policyVersion: number | undefined,
): Promise<DecisionChallenge> {
  const at = deps.now();
  const statement = statementText({
    entry_id: entry.id,
    method: entry.method,
    path: entry.request_path,
    body_sha256: request.body_sha256,
    decision,
    approver: operator.username,
    policy_version: policyVersion ?? null,
    at: new Date(at).toISOString(),
    nonce: randomBytes(16).toString('base64url'),
  });
  const challenge = challengeOf(statement);
  const expiresAt = new Date(at + DECISION_CHALLENGE_MS);
  await deps.passkeys.issueChallenge({
    challenge,
    username: operator.username,
    purpose: 'decide',
    statement,
    expiresAt,
  });
  return {
    statement,
    challenge,
    expires_at: expiresAt.toISOString(),
    rp_id: deps.rp.id,
    credential_ids: (await signingPasskeys(deps, operator.username)).map((p) => p.credential_id),
  };
}

/**
 * Checks the assertion of `decision` on `entry` by `operator` and returns its proof (canonical
 * JSON), or throws `passkey-refused` (recorded as a security event). Checked: the challenge was
 * issued to this operator, is unexpired and unused (taken once, in the database); its statement
 * names this entry, its exact method, path and body, this decision and this approver; the
 * credential is theirs, active and past its cooling-off; the signature, origin, RP ID, user
 * verification and the counter.
 */
export async function verifyDecision(
  deps: PasskeyDeps,
  context: {
    entry: JournalEntry;
    request: ApprovalRequestRow;
    operator: Operator;
    decision: Decision;
    assertion: unknown;
    requestId: string;
  },
): Promise<string> {
  const { entry, request, operator, decision } = context;
  try {
    return await check();
  } catch (error) {
    if (error instanceof ProblemError && error.init.code === 'passkey-refused') {
      await deps.securityEvents.record({
        kind: 'passkey-refused',
        username: operator.username,
        requestId: context.requestId,
        detail: `${decision} of ${entry.id}: ${error.init.detail}`,
      });
    }
    throw error;
  }

  async function check(): Promise<string> {
    const parsed = PasskeyAssertionSchema.safeParse(context.assertion);
    if (!parsed.success) throw refused('The passkey’s answer is not a WebAuthn assertion.');
    const assertion = parsed.data as unknown as AuthenticationResponseJSON;
    let challenge: string;
    try {
      challenge = decodeClientDataJSON(assertion.response.clientDataJSON).challenge;
    } catch {
      throw refused('The passkey’s answer could not be read.');
    }
    const taken = await deps.passkeys.takeChallenge(challenge, operator.username, 'decide');
    if (!taken?.statement) {
      throw refused(
        'This signature is not for a statement issued to you now: unknown, used or expired.',
      );
    }
    const statement = parseStatement(taken.statement);
    if (
      statement.entry_id !== entry.id ||
      statement.method !== entry.method ||
      statement.path !== entry.request_path ||
      statement.body_sha256 !== request.body_sha256 ||
      statement.decision !== decision ||
      statement.approver !== operator.username
    ) {
      throw refused('The signed statement is of another request, body or decision.');
    }
    const passkey = await deps.passkeys.byCredential(assertion.id);
    if (!passkey || passkey.username !== operator.username) {
      throw refused('This passkey is not registered to you.');
    }
    usable(passkey);
    const verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challengeOf(taken.statement),
      expectedOrigin: deps.rp.origins,
      expectedRPID: deps.rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.sign_count,
      },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw refused(`The signature did not check out: ${(error as Error).message}`);
    });
    if (!verified.verified) throw refused('The signature did not check out.');
    const { newCounter, origin, rpID } = verified.authenticationInfo;
    if (!(await deps.passkeys.used(passkey.id, newCounter, new Date(deps.now())))) {
      throw refused('The passkey’s counter did not move forward: a copied or replayed signature.');
    }
    return proofText({
      statement: taken.statement,
      credential_id: passkey.credential_id,
      passkey_name: passkey.name,
      public_key: passkey.public_key,
      authenticator_data: assertion.response.authenticatorData,
      client_data_json: assertion.response.clientDataJSON,
      signature: assertion.response.signature,
      rp_id: rpID,
      origin,
    });
  }
}

/** Refused unless the passkey signs decisions now. */
function usable(passkey: StoredPasskey): void {
  if (passkey.state === 'revoked') throw refused('This passkey was revoked.');
  if (passkey.state === 'pending') {
    throw refused(
      `This passkey is new: it signs decisions from ${passkey.usable_from}, or once another admin confirms it.`,
    );
  }
}
