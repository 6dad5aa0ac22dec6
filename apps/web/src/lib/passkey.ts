/**
 * A decision signed with the operator's passkey (issue 61, ADR 037): the BFF states the decision
 * and issues the SHA-256 of the statement as the WebAuthn challenge; the browser asks the
 * authenticator to sign it, with user verification. What goes wrong here (no passkeys in this
 * browser, none registered, the operator cancelled) is said in plain words, as a problem.
 */
import {
  PasskeyAssertionSchema,
  type ConsoleProblem,
  type PasskeyAssertion,
} from '@console/schemas';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { createDecisionChallenge, passkeyRegistrationOptions, registerPasskey } from './api';
import { ApiError } from './api-error';

const problem = (code: string, title: string, detail: string): ApiError =>
  new ApiError({
    type: 'about:blank',
    title,
    status: 0,
    detail,
    code,
    request_id: '',
  } satisfies ConsoleProblem);

function requireWebAuthn(what: string): void {
  if (browserSupportsWebAuthn()) return;
  throw problem(
    'passkey-unavailable',
    'This browser has no passkeys',
    `${what} needs a passkey, and this browser cannot use passkeys. Nothing was sent: open the console in a browser that can.`,
  );
}

/** What the authenticator's refusal means to the operator. */
function authenticatorProblem(error: unknown): ApiError {
  const name = (error as { name?: string }).name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return problem(
      'passkey-cancelled',
      'The passkey was not used',
      'You cancelled, or the passkey did not answer in time. Nothing was sent; you can try again.',
    );
  }
  return problem(
    'passkey-unavailable',
    'The passkey could not be used',
    `${(error as Error).message} Nothing was sent.`,
  );
}

/** Registers a new passkey named `name` for the signed-in operator: pending until confirmed. */
export async function registerNewPasskey(name: string) {
  requireWebAuthn('Registering');
  const options = await passkeyRegistrationOptions();
  let response;
  try {
    response = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw authenticatorProblem(error);
  }
  return registerPasskey(name, response as unknown as Record<string, unknown>);
}

/** Signs `decision` on the request `id` with one of the operator's passkeys. */
export async function signDecision(
  id: string,
  decision: 'approve' | 'reject',
): Promise<PasskeyAssertion> {
  requireWebAuthn('The policy asks that this decision be signed: it');
  const challenge = await createDecisionChallenge(id, decision);
  if (challenge.credential_ids.length === 0) {
    throw problem(
      'passkey-unavailable',
      'You have no passkey that signs decisions yet',
      'Register one under Passkeys in your menu. A new passkey signs decisions once its cooling-off has passed or another admin has confirmed it. Nothing was sent.',
    );
  }
  try {
    const answer = await startAuthentication({
      optionsJSON: {
        challenge: challenge.challenge,
        rpId: challenge.rp_id,
        allowCredentials: challenge.credential_ids.map((credential) => ({
          id: credential,
          type: 'public-key',
        })),
        userVerification: 'required',
        timeout: Date.parse(challenge.expires_at) - Date.now(),
      },
    });
    return PasskeyAssertionSchema.parse(answer);
  } catch (error) {
    throw authenticatorProblem(error);
  }
}
